import type { CallerNameView } from "@nc/contracts/kinds/caller-name";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { ResultDescriptions } from "../../../shell/components/result-descriptions";
import { AnswerSection } from "./answer-section";

/**
 * The caller-name look-up's answer as the provider gave it, or, for a number outside the United
 * States, that the service does not apply and nothing was charged (docs/providers.md, "Caller name").
 */
export function CallerNameAnswer({ answer }: { answer: CallerNameView | null }) {
  const { t } = useTranslation();
  if (answer === null)
    return (
      <AnswerSection title={t("services:caller_name.answer.title")}>
        <ResultDescriptions.Item label={t("services:caller_name.answer.name")}>
          <span data-testid="detection-caller-name">{t("services:caller_name.answer.notApplicable")}</span>
        </ResultDescriptions.Item>
      </AnswerSection>
    );
  const told = answer.name !== null || answer.type !== null;
  const dash = "—";
  const value = answer.type ?? "unknown";
  return (
    <AnswerSection title={t("services:caller_name.answer.title")}>
      <ResultDescriptions.Item label={t("services:caller_name.answer.name")}>
        <span data-testid="detection-caller-name">
          {told ? (answer.name ?? dash) : t("services:caller_name.answer.cannotTell")}
        </span>
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:caller_name.answer.type")}>
        <Tag>{t(`services:caller_name.answer.outcome.${value}`)}</Tag>
      </ResultDescriptions.Item>
      {(answer.firstName !== null || answer.lastName !== null) && (
        <ResultDescriptions.Item label={t("services:caller_name.answer.person")}>
          {[answer.firstName, answer.lastName].filter(Boolean).join(" ")}
        </ResultDescriptions.Item>
      )}
    </AnswerSection>
  );
}
