import {
  KIND_FIELDS,
  type KindField,
  type SingleCheckResultView,
  withEveryKind,
} from "@nc/contracts/detection-single";
import { LOOKUP_KIND_CODES, type LookupKindCode } from "@nc/contracts/services";
import { forCustomer } from "./result-view";

/**
 * The result of a number answered without a live look-up (basic, fraud shield), as a chunk of
 * items and a single check's item store it (docs/architecture.md, "Items stored in chunks" and
 * "A check costs one row"): the view's values in a flat array, without its keys, its nesting or
 * its copies of the number, which the item's E.164 gives back. Such an array serialises in half
 * the time of the view and takes 40 % of its bytes, on the paths where every microsecond counts
 * (docs/performance.md, "Packed results and rows read in pieces").
 *
 * `unpackResult(packResult(view), e164)` is the view again, key for key. A view that does not
 * have the shape packed here (a live look-up's answer, no E.164, a network without a name) is
 * stored as it is, and read back as it is, with null for a kind's answer it was stored without.
 */
/** A packed result holds no look-up's answer: every kind's field is null. */
const NO_ANSWERS = Object.fromEntries(Object.values(KIND_FIELDS).map((field) => [field, null])) as {
  [K in LookupKindCode as KindField<K>]: null;
};

export type PackedResult = [
  valid: boolean | null,
  possible: boolean,
  lineType: string,
  iso2: string | null,
  iso3: string | null,
  dialCode: string | null,
  international: string,
  national: string,
  carrier: string | null,
  mcc: string | null,
  mnc: string | null,
  carrierCountry: string | null,
  region: string | null,
  timeZones: string[],
  possiblyPorted: boolean,
  qualifiesForHlr: boolean,
  invalidReason: string | null,
  defaultCountryUsed: string | null,
  steps: string[] | null,
  fraud: SingleCheckResultView["fraud"],
  charged: boolean,
  sandbox: boolean,
];

/** The stored form of a result: packed when it has the packed shape, else the view itself. */
export function packResult(view: SingleCheckResultView): PackedResult | SingleCheckResultView {
  const { basic } = view;
  const { country, formats, originalCarrier: carrier, normalisation } = basic;
  if (
    // Any look-up kind's answer: a live result is stored as it is.
    LOOKUP_KIND_CODES.some((kind) => view[KIND_FIELDS[kind]] !== null) ||
    basic.e164 === null ||
    formats === null ||
    formats.e164 !== basic.e164 ||
    (carrier !== null && carrier.name === null)
  )
    return view;
  return [
    basic.valid,
    basic.possible,
    basic.lineType,
    country?.iso2 ?? null,
    country?.iso3 ?? null,
    country?.dialCode ?? null,
    formats.international,
    formats.national,
    carrier?.name ?? null,
    carrier?.mcc ?? null,
    carrier?.mnc ?? null,
    carrier?.country ?? null,
    basic.region,
    basic.timeZones,
    basic.possiblyPorted,
    basic.qualifiesForHlr,
    normalisation.invalidReason,
    normalisation.defaultCountryUsed,
    normalisation.steps ?? null,
    view.fraud,
    view.charged,
    view.sandbox,
  ];
}

/**
 * The view a stored result stands for, as a customer reads it (forCustomer: a live answer without
 * its provider's name and cost); `e164` is the item's number.
 */
export function unpackResult(
  stored: PackedResult | SingleCheckResultView,
  e164: string | null,
): SingleCheckResultView {
  if (!Array.isArray(stored)) return forCustomer(withEveryKind(stored));
  const p = stored;
  return {
    basic: {
      e164,
      valid: p[0],
      possible: p[1],
      lineType: p[2],
      country: p[3] === null ? null : { iso2: p[3], iso3: p[4]!, dialCode: p[5]! },
      formats: { e164: e164!, international: p[6], national: p[7] },
      originalCarrier: p[8] === null ? null : { name: p[8], mcc: p[9], mnc: p[10], country: p[11] },
      region: p[12],
      timeZones: p[13],
      possiblyPorted: p[14],
      qualifiesForHlr: p[15],
      normalisation:
        p[18] === null
          ? { invalidReason: p[16], defaultCountryUsed: p[17] }
          : { invalidReason: p[16], defaultCountryUsed: p[17], steps: p[18] },
    },
    ...NO_ANSWERS,
    fraud: p[19],
    charged: p[20],
    sandbox: p[21],
  };
}
