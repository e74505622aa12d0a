import type { SmsPumpingRiskView } from "@nc/contracts/kinds/sms-pumping-risk";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { ResultDescriptions } from "../../../shell/components/result-descriptions";
import { AnswerSection } from "./answer-section";

const CATEGORY_COLOURS: Record<string, string> = {
  low: "green",
  mild: "lime",
  moderate: "gold",
  high: "red",
};

/**
 * The SMS pumping risk look-up's answer as the provider scored it, or that it could not tell
 * (docs/providers.md: the section on answers that "cannot tell").
 */
export function SmsPumpingAnswer({ answer }: { answer: SmsPumpingRiskView }) {
  const { t } = useTranslation();
  const risk = answer.risk;
  const tri = (value: boolean | null) =>
    value === true ? t("detection:yes") : value === false ? t("detection:no") : t("detection:unknown");
  const category = risk?.carrierRisk ?? "unknown";
  return (
    <AnswerSection title={t("services:sms_pumping_risk.answer.title")}>
      <ResultDescriptions.Item label={t("services:sms_pumping_risk.answer.score")}>
        <span data-testid="detection-sms-pumping-score">
          {risk ? risk.score : t("services:sms_pumping_risk.answer.cannotTell")}
        </span>
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:sms_pumping_risk.answer.carrierRisk")}>
        <Tag color={CATEGORY_COLOURS[category] ?? "default"}>
          {t(`services:sms_pumping_risk.answer.outcome.${category}`, { defaultValue: category })}
        </Tag>
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:sms_pumping_risk.answer.blocked")}>
        {tri(risk?.blocked ?? null)}
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:sms_pumping_risk.answer.blockedLast3Months")}>
        {tri(risk?.blockedLast3Months ?? null)}
      </ResultDescriptions.Item>
    </AnswerSection>
  );
}
