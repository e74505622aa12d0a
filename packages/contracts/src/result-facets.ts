import { callerNameApplies, type SingleCheckResultView } from "./detection-single";
import { isServiceCode, serviceOf } from "./services";

/** The facets a result is counted and filtered by (summary charts, result table, downloads). */
export interface ResultFacets {
  outcome: string | null;
  lineType: string | null;
  country: string | null;
  carrier: string | null;
  risk: string | null;
}

/**
 * The facets of one result. The outcome is the service's own verdict: valid/invalid/unknown for
 * basic, the connectivity for HLR, the porting status for MNP, the recommendation for the fraud
 * services, the provider's line type for the line-type look-up, swapped / not_swapped / unknown for
 * the SIM swap, the carrier's risk category for SMS pumping, the owner's type for the caller name. The server stores them with each item; the browser reads a row's cells the same way.
 */
export function resultFacets(service: string, view: SingleCheckResultView): ResultFacets {
  const { basic, hlr, mnp, fraud } = view;
  // Results stored before the line-type look-up existed have no such field.
  const live = view.lineType ?? null;
  const swap = view.simSwap ?? null;
  const pumping = view.smsPumpingRisk ?? null;
  const caller = view.callerName ?? null;
  const verdict = isServiceCode(service) ? serviceOf(service).outcome : "recommendation";
  const outcome = {
    validity: () => (basic.valid === true ? "valid" : basic.valid === false ? "invalid" : "unknown"),
    hlr: () => hlr?.connectivity ?? null,
    mnp: () => mnp?.ported ?? null,
    recommendation: () => fraud?.recommendation ?? null,
    line_type: () => live?.lineType ?? null,
    sim_swap: () =>
      swap === null
        ? null
        : swap.swapped === true
          ? "swapped"
          : swap.swapped === false
            ? "not_swapped"
            : "unknown",
    // The provider's carrier risk category, else "unknown" when it scored nothing.
    sms_pumping_risk: () => (pumping === null ? null : (pumping.risk?.carrierRisk ?? "unknown")),
    // The owner's type (business, consumer), "named" for a name without one, "unknown" when the
    // provider could not tell; a valid number outside the United States is "not_applicable".
    caller_name: () =>
      caller !== null
        ? (caller.type ?? (caller.name !== null ? "named" : "unknown"))
        : basic.valid !== false && !callerNameApplies(basic)
          ? "not_applicable"
          : null,
  }[verdict]();
  return {
    outcome,
    // The provider's line type when it could tell, else the numbering plan's.
    lineType: live && live.lineType !== "unknown" ? live.lineType : basic.lineType,
    country: basic.country?.iso2 ?? null,
    carrier:
      hlr?.currentNetwork?.name ??
      mnp?.currentNetwork?.name ??
      live?.carrier?.name ??
      basic.originalCarrier?.name ??
      null,
    risk: fraud?.level ?? null,
  };
}
