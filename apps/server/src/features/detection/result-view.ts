import { KIND_FIELDS, type KindField, type SingleCheckResultView } from "@nc/contracts/detection-single";
import type { KindViews } from "@nc/contracts/kinds/index";
import {
  IN_NUMBER_CLASS,
  LOOKUP_KIND_CODES,
  LOOKUP_KIND_NUMBERS,
  type LookupKindCode,
  lookupsOf,
  SERVICES,
  type ServiceCode,
  type ServiceDescriptor,
  serviceOf,
} from "@nc/contracts/services";
import type { BasicResult, FraudResult, LookupResults } from "@nc/numcheck/types";

/** What each service needs beyond the offline basic check, from its descriptor. */
export const NEEDS = Object.fromEntries(SERVICES.map((s) => [s.code, s.needs])) as unknown as Record<
  ServiceCode,
  ServiceDescriptor["needs"]
>;

/**
 * Whether a number is charged for the service (its descriptor's `charges`): never when basic
 * validation failed (the row says why instead); live look-up services only when a live look-up
 * is worth making. Single checks and bulk jobs both decide with this.
 */
export function isChargeable(service: ServiceCode, basic: BasicResult): boolean {
  const { charges } = serviceOf(service);
  return IN_NUMBER_CLASS[charges === "live" ? "mobile" : charges](basic);
}

/**
 * Whether a look-up of `kind` is asked for the number (`LOOKUP_KIND_NUMBERS`): a network look-up
 * for the numbers worth one, a line type for every number basic validation does not refuse, a
 * caller name for the United States' numbers.
 */
export function asksFor(kind: LookupKindCode, basic: BasicResult): boolean {
  if (basic.e164 === null) return false;
  return IN_NUMBER_CLASS[LOOKUP_KIND_NUMBERS[kind]](basic);
}

/** The look-up kinds of the service asked for this number (none: it is answered offline). */
export function kindsAsked(service: ServiceCode, basic: BasicResult): readonly LookupKindCode[] {
  return lookupsOf(service).filter((kind) => asksFor(kind, basic));
}

function toBasicView(b: BasicResult): SingleCheckResultView["basic"] {
  return {
    e164: b.e164,
    valid: b.valid,
    possible: b.possible,
    lineType: b.lineType,
    country: b.country,
    formats: b.formats,
    originalCarrier: b.originalCarrier,
    region: b.region,
    timeZones: b.timeZones,
    possiblyPorted: b.possiblyPorted,
    qualifiesForHlr: b.qualifiesForHlr,
    normalisation: {
      invalidReason: b.normalisation.invalidReason,
      defaultCountryUsed: b.normalisation.defaultCountryUsed,
      steps: b.normalisation.steps,
    },
  };
}

/** Each engine answer is what its view (contracts' kinds/) says it is: checked, not cast. */
type EngineAnswersAreViews = { [K in LookupKindCode]: LookupResults[K] extends KindViews[K] ? K : never };
const _answersAreViews: { [K in LookupKindCode]: K } = {} as EngineAnswersAreViews;

/** Each kind's answer in the field of its name (KIND_FIELDS); null when the service asks none. */
function kindAnswers(answers: Partial<LookupResults>) {
  return Object.fromEntries(LOOKUP_KIND_CODES.map((kind) => [KIND_FIELDS[kind], answers[kind] ?? null])) as {
    [K in LookupKindCode as KindField<K>]: KindViews[K] | null;
  };
}

/** The stored (and shown) result of one number, the same for single checks and job items. */
export function resultView(
  parts: { basic: BasicResult; answers: Partial<LookupResults>; fraud: FraudResult | null },
  flags: { charged: boolean; sandbox: boolean },
): SingleCheckResultView {
  const { fraud } = parts;
  return {
    basic: toBasicView(parts.basic),
    // Each look-up kind's answer in its own field of the view; null when the service asks none.
    ...kindAnswers(parts.answers),
    fraud: fraud && {
      score: fraud.score,
      level: fraud.level,
      recommendation: fraud.recommendation,
      reasons: fraud.reasons,
      enhanced: fraud.enhanced,
    },
    charged: flags.charged,
    sandbox: flags.sandbox,
  };
}

/**
 * A result as a customer reads it (docs/providers.md, "What customers see"): each look-up's answer
 * without the provider's name or what the look-up cost the operator, since partners resell under
 * their own brand and a wholesale cost is the operator's own. `provider` stays, as `sandbox` for
 * sample answers and `live` for any provider's. The stored result keeps both for the operator.
 */
export function forCustomer(view: SingleCheckResultView): SingleCheckResultView {
  const shown = { ...view };
  for (const field of Object.values(KIND_FIELDS)) {
    const answer = view[field] as { provider?: string; cost?: unknown } | null | undefined;
    if (!answer) continue;
    const { cost: _cost, ...told } = answer;
    Object.assign(shown, {
      [field]: { ...told, provider: answer.provider === "sandbox" ? "sandbox" : "live" },
    });
  }
  return shown;
}

export { type ResultFacets, resultFacets } from "@nc/contracts/result-facets";
