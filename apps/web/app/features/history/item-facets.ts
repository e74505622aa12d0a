import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import type { JobItemView } from "@nc/contracts/jobs";

export interface ItemFacets {
  outcome: string | null;
  lineType: string | null;
  country: string | null;
  carrier: string | null;
  risk: string | null;
}

const NONE: ItemFacets = { outcome: null, lineType: null, country: null, carrier: null, risk: null };

/**
 * The facet values of one checked number, read from its stored result the same way the server
 * derives them for counting and filtering (apps/server/src/features/detection/result-view.ts
 * resultFacets), so a row's cells agree with the summary and the filters.
 */
export function itemFacets(service: string, item: JobItemView): ItemFacets {
  const result = item.status === "done" ? (item.result as SingleCheckResultView | null) : null;
  if (!result?.basic) return NONE;
  const { basic, hlr, mnp, fraud } = result;
  let outcome: string | null;
  switch (service) {
    case "basic":
      outcome = basic.valid === true ? "valid" : basic.valid === false ? "invalid" : "unknown";
      break;
    case "hlr":
      outcome = hlr?.connectivity ?? null;
      break;
    case "mnp":
      outcome = mnp?.ported ?? null;
      break;
    default:
      outcome = fraud?.recommendation ?? null;
  }
  return {
    outcome,
    lineType: basic.lineType,
    country: basic.country?.iso2 ?? null,
    carrier: hlr?.currentNetwork?.name ?? mnp?.currentNetwork?.name ?? basic.originalCarrier?.name ?? null,
    risk: fraud?.level ?? null,
  };
}

/** The stored result of a checked row, or null for rows that were not checked. */
export function itemResult(item: JobItemView): SingleCheckResultView | null {
  const result = item.result as SingleCheckResultView | null;
  return item.status === "done" && result?.basic ? result : null;
}
