import { isServiceCode, serviceOf } from "@nc/contracts/services";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { countryName } from "../../shell/components/countries";
import { useLocale } from "../../shell/i18n/use-locale";

/** The facets a job's summary counts; the result filters use the same names. */
export type Facet = "status" | "outcome" | "lineType" | "country" | "carrier" | "risk" | "rejectReason";

/**
 * A service's verdict in words. Each service has its own vocabulary (the server's resultFacets):
 * the detection page already translates connectivity, porting, recommendations and line types, so those are
 * reused; only the basic check's valid/invalid/unknown is new here.
 */
function outcomeText(t: TFunction, service: string, value: string): string {
  const verdict = isServiceCode(service) ? serviceOf(service).outcome : "recommendation";
  const key = {
    validity: `history:outcome.${value}`,
    connectivity: `services:hlr.answer.outcome.${value}`,
    porting: `services:mnp.answer.outcome.${value}`,
    recommendation: `detection:recommendation.${value}`,
    lineType: `detection:lineType.${value}`,
    simSwap: `services:sim_swap.answer.outcome.${value}`,
    smsPumpingRisk: `services:sms_pumping_risk.answer.category.${value}`,
    callerName: `services:caller_name.answer.outcome.${value}`,
  }[verdict];
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
        return t(`detection:lineType.${value}`, { defaultValue: value });
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
