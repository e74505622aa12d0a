import type { SimSwapView } from "@nc/contracts/kinds/sim-swap";
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { ResultDescriptions } from "../../../shell/components/result-descriptions";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { AnswerSection } from "./answer-section";
import { networkText } from "./network-text";

/**
 * The SIM-swap look-up's answer as the provider gave it: changed or not within the period it
 * checked, the last change's date when it gave one, or that it could not tell (docs/providers.md:
 * the section on answers that "cannot tell").
 */
export function SimSwapAnswer({ answer }: { answer: SimSwapView }) {
  const { t } = useTranslation();
  const date = useTenantDate();
  const hours = answer.withinHours;
  const verdict =
    answer.swapped === null
      ? t("services:sim_swap.answer.cannotTell")
      : hours === null
        ? t(answer.swapped ? "services:sim_swap.answer.swapped" : "services:sim_swap.answer.notSwapped")
        : t(
            answer.swapped
              ? "services:sim_swap.answer.swappedWithin"
              : "services:sim_swap.answer.notSwappedWithin",
            {
              count: hours,
            },
          );
  return (
    <AnswerSection title={t("services:sim_swap.answer.title")}>
      <ResultDescriptions.Item label={t("services:sim_swap.answer.changed")}>
        <Tag
          data-testid="detection-sim-swap"
          color={answer.swapped === true ? "red" : answer.swapped === false ? "green" : "default"}
        >
          {verdict}
        </Tag>
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:sim_swap.answer.lastChange")}>
        {answer.lastSwapAt ? date(answer.lastSwapAt) : "—"}
      </ResultDescriptions.Item>
      <ResultDescriptions.Item label={t("services:sim_swap.answer.network")}>
        {networkText(answer.carrier)}
      </ResultDescriptions.Item>
    </AnswerSection>
  );
}
