import type { MnpView } from "@nc/contracts/kinds/mnp";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { ResultDescriptions } from "../../../shell/components/result-descriptions";
import { AnswerSection } from "./answer-section";
import { networkText } from "./network-text";

/** The portability look-up's answer: whether the number moved, and between which networks. */
export function MnpAnswer({ answer }: { answer: MnpView }) {
  const { t } = useTranslation();
  return (
    <AnswerSection title={t("services:mnp.answer.title")}>
      <ResultDescriptions.Item label={t("services:mnp.answer.ported")}>
        <Tag data-testid="detection-ported">
          {t(`services:mnp.answer.outcome.${answer.ported}`, { defaultValue: answer.ported })}
        </Tag>
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:mnp.answer.currentNetwork")}>
        {networkText(answer.currentNetwork)}
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:mnp.answer.originalNetwork")}>
        {networkText(answer.originalNetwork)}
      </ResultDescriptions.Item>
    </AnswerSection>
  );
}
