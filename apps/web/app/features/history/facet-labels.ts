import { isServiceCode, serviceOf } from "@nc/contracts/services";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { countryName } from "../../shell/components/countries";
import { useLocale } from "../../shell/i18n/use-locale";

/** The facets a job's summary counts; the result filters use the same names. */
export type Facet = "status" | "outcome" | "lineType" | "country" | "carrier" | "risk" | "rejectReason";

/**
 * A service's verdict in words. Each service has its own vocabulary (the server's resultFacets):
 * the basic check's valid/invalid/unknown, the fraud score's recommendation, or the values of the
 * look-up kind's answer it names, under `answer.outcome` of that kind's service.
 */
function outcomeText(t: TFunction, service: string, value: string): string {
  const verdict = isServiceCode(service) ? serviceOf(service).outcome : "recommendation";
  const key =
    verdict === "validity"
      ? `history:outcome.${value}`
      : verdict === "recommendation"
        ? `detection:recommendation.${value}`
        : `services:${verdict}.answer.outcome.${value}`;
  return t(key, { defaultValue: value });
}

/** "duplicate", "cancelled" or "invalid:<reason>", where the reason is the engine's. */
function rejectReasonText(t: TFunction, value: string): string {
  if (value === "duplicate" || value === "cancelled") return t(`history:rejectReason.${value}`);
  const reason = value.startsWith("invalid:") ? value.slice("invalid:".length) : value;
  if (reason === "invalid" || reason === "not_eligible") return t(`history:rejectReason.${reason}`);
  return t(`detection:invalidReason.${reason}`, { defaultValue: reason });
}

/** Turns facet values (as stored, language-free) into text in the page's language. */
export function useFacetLabel(service: string): (facet: Facet, value: string | null) => string {
  const { t } = useTranslation();
  const { locale } = useLocale();
  return (facet, value) => {
    if (value === null || value === "") return t("history:summary.none");
    switch (facet) {
      case "status":
        return t(`history:itemStatus.${value}`, { defaultValue: value });
      case "outcome":
        return outcomeText(t, service, value);
      case "lineType":
        return t(`services:line_type.answer.outcome.${value}`, { defaultValue: value });
      case "country":
        return `${countryName(value, locale)} (${value})`;
      case "risk":
        return t(`detection:level.${value}`, { defaultValue: value });
      case "rejectReason":
        return rejectReasonText(t, value);
      default:
        return value;
    }
  };
}
