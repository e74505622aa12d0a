import type { HlrView } from "@nc/contracts/kinds/hlr";
import { Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ResultDescriptions } from "../../../shell/components/result-descriptions";
import { AnswerSection } from "./answer-section";
import { networkText } from "./network-text";
import { useAnswerValues } from "./use-answer-values";

const CONNECTIVITY_COLOURS = {
  connected: "green",
  absent: "orange",
  invalid_msisdn: "red",
  undetermined: "default",
} as const;

/** The HLR look-up's answer: whether the subscriber is reachable, on which network, roaming, ported. */
export function HlrAnswer({ answer }: { answer: HlrView }) {
  const { t } = useTranslation();
  const { tri, country } = useAnswerValues();
  return (
    <AnswerSection title={t("services:hlr.answer.title")}>
      <ResultDescriptions.Item label={t("services:hlr.answer.connectivity")}>
        <Tag data-testid="detection-connectivity" color={CONNECTIVITY_COLOURS[answer.connectivity]}>
          {t(`services:hlr.answer.outcome.${answer.connectivity}`)}
        </Tag>
        {answer.error && (
          <Typography.Text type="secondary">
            {answer.error.name} ({answer.error.code})
          </Typography.Text>
        )}
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:hlr.answer.network")}>
        {networkText(answer.currentNetwork)}
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:hlr.answer.roaming")}>
        {tri(answer.roaming.roaming)}
        {answer.roaming.country ? ` · ${country(answer.roaming.country)}` : ""}
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:hlr.answer.ported")}>
        {tri(answer.ported)}
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:hlr.answer.originalNetwork")}>
        {networkText(answer.originalNetwork)}
      </ResultDescriptions.Item>
    </AnswerSection>
  );
}
