import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import type { JobItemView } from "@nc/contracts/jobs";
import { type ResultFacets, resultFacets } from "@nc/contracts/result-facets";

const NONE: ResultFacets = { outcome: null, lineType: null, country: null, carrier: null, risk: null };

/** The facets of one row, derived as the server derives them, so cells agree with the filters. */
export function itemFacets(service: string, item: JobItemView): ResultFacets {
  const result = itemResult(item);
  return result ? resultFacets(service, result) : NONE;
}

/** The stored result of a checked row, or null for rows that were not checked. */
export function itemResult(item: JobItemView): SingleCheckResultView | null {
  const result = item.result as SingleCheckResultView | null;
  return item.status === "done" && result?.basic ? result : null;
}
