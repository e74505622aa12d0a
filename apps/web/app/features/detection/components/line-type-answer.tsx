import type { LineTypeView } from "@nc/contracts/kinds/line-type";
import { Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ResultDescriptions } from "../../../shell/components/result-descriptions";
import { AnswerSection } from "./answer-section";
import { networkText } from "./network-text";

/**
 * The line-type look-up's answer: the provider's line type, or, when it could not tell, that it
 * could not and what the numbering plan says instead (docs/providers.md: the section on answers that "cannot tell").
 */
export function LineTypeAnswer({ answer, planned }: { answer: LineTypeView; planned: string }) {
  const { t } = useTranslation();
  const label = (type: string) => t(`services:line_type.answer.outcome.${type}`, { defaultValue: type });
  return (
    <AnswerSection title={t("services:line_type.answer.title")}>
      <ResultDescriptions.Item label={t("services:line_type.answer.lineType")}>
        <Tag data-testid="detection-live-line-type">{label(answer.lineType)}</Tag>
        {answer.lineType === "unknown" && (
          <Typography.Text type="secondary">
            {t("services:line_type.answer.cannotTell", { planned: label(planned) })}
          </Typography.Text>
        )}
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:line_type.answer.carrier")}>
        {networkText(answer.carrier)}
      </ResultDescriptions.Item>
    </AnswerSection>
  );
}
