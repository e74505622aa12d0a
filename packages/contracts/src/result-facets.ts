import { KIND_FIELDS, type SingleCheckResultView } from "./detection-single";
import { type CheckedNumber, isServiceCode, KIND_VERDICTS, serviceOf } from "./services";

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
 * basic, the recommendation for the fraud services, else the verdict of the look-up kind's answer
 * it names (`KIND_VERDICTS`: the connectivity for HLR, the porting status for MNP, the provider's
 * line type, swapped / not_swapped / unknown for the SIM swap, the carrier's risk category for SMS
 * pumping, the owner's type for the caller name). The server stores them with each item; the
 * browser reads a row's cells the same way.
 */
export function resultFacets(service: string, view: SingleCheckResultView): ResultFacets {
  const { basic, hlr, mnp, fraud } = view;
  // Results stored before the line-type look-up existed have no such field.
  const live = view.lineType ?? null;
  const verdict = isServiceCode(service) ? serviceOf(service).outcome : "recommendation";
  const outcome =
    verdict === "validity"
      ? basic.valid === true
        ? "valid"
        : basic.valid === false
          ? "invalid"
          : "unknown"
      : verdict === "recommendation"
        ? (fraud?.recommendation ?? null)
        : (KIND_VERDICTS[verdict] as (answer: unknown, basic: CheckedNumber) => string | null)(
            view[KIND_FIELDS[verdict]] ?? null,
            basic,
          );
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
