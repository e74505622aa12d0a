import type { KindViews } from "./kinds/index";

/**
 * The check services, each described once (docs/architecture.md, "One service descriptor"):
 * everything else — the check pipeline, chargeability, the sandbox rule, facets, default prices,
 * the web's picker and tables, the trade types, the spending sums and the web's trade-type labels —
 * reads it from here. A new service is a new entry and its translations (docs/architecture.md,
 * "Adding a service"). Codes are stable API values.
 */

/**
 * The kinds of live look-up a service may need. The engine's `LOOKUP_KINDS`
 * (packages/numcheck/src/types.ts) is the same list; the two packages import nothing of each
 * other, so tests/new-service-files.test.ts checks that they agree.
 */
export const LOOKUP_KIND_CODES = [
  "hlr",
  "mnp",
  "line_type",
  "sim_swap",
  "sms_pumping_risk",
  "caller_name",
] as const;
export type LookupKindCode = (typeof LOOKUP_KIND_CODES)[number];

/**
 * Which numbers a look-up kind is asked for: "mobile", the numbers worth a network look-up (valid
 * mobile ranges, the basic check's `qualifiesForHlr`); "valid", every number basic validation does
 * not refuse (a line type is worth asking of a landline too); "us", the valid numbers of the United
 * States (caller name exists there only: docs/providers.md, "Caller name"). A service charges the
 * numbers it looks up (`charges`), so the two agree.
 */
export type NumberClass = "mobile" | "valid" | "us";
export const LOOKUP_KIND_NUMBERS: { readonly [K in LookupKindCode]: NumberClass } = {
  hlr: "mobile",
  mnp: "mobile",
  line_type: "valid",
  sim_swap: "mobile",
  sms_pumping_risk: "valid",
  caller_name: "us",
};

/** What of a basic check a number's class and a kind's verdict are read from. */
export interface CheckedNumber {
  valid: boolean | null;
  qualifiesForHlr: boolean;
  country: { iso2: string } | null;
}

/** Whether a number is of each class (LOOKUP_KIND_NUMBERS). */
export const IN_NUMBER_CLASS: { readonly [C in NumberClass]: (basic: CheckedNumber) => boolean } = {
  mobile: (basic) => basic.qualifiesForHlr,
  valid: (basic) => basic.valid !== false,
  us: (basic) => basic.valid !== false && basic.country?.iso2 === "US",
};

/**
 * A look-up kind's verdict, for the services whose verdict is the kind's (`outcome`): the value
 * of its answer the "outcome" facet counts (result-facets.ts), whose words are under
 * `answer.outcome` of the kind's service; null when there is nothing to count.
 */
export const KIND_VERDICTS: {
  readonly [K in LookupKindCode]: (answer: KindViews[K] | null, basic: CheckedNumber) => string | null;
} = {
  hlr: (answer) => answer?.connectivity ?? null,
  mnp: (answer) => answer?.ported ?? null,
  line_type: (answer) => answer?.lineType ?? null,
  sim_swap: (answer) =>
    answer === null
      ? null
      : answer.swapped === true
        ? "swapped"
        : answer.swapped === false
          ? "not_swapped"
          : "unknown",
  // The provider's carrier risk category, else "unknown" when it scored nothing.
  sms_pumping_risk: (answer) => (answer === null ? null : (answer.risk?.carrierRisk ?? "unknown")),
  // The owner's type (business, consumer), "named" for a name without one, "unknown" when the
  // provider could not tell; a valid number outside the United States is "not_applicable".
  caller_name: (answer, basic) =>
    answer !== null
      ? (answer.type ?? (answer.name !== null ? "named" : "unknown"))
      : basic.valid !== false && !IN_NUMBER_CLASS.us(basic)
        ? "not_applicable"
        : null,
};

/**
 * Signals some providers give beside a look-up's answer; the engine's `LIVE_SIGNALS` is the same
 * list (checked as LOOKUP_KIND_CODES is).
 */
export const LIVE_SIGNAL_CODES = ["line_type", "sim_swap", "call_forwarding", "sms_pumping_risk"] as const;
export type LiveSignalCode = (typeof LIVE_SIGNAL_CODES)[number];

export interface ServiceDescriptor {
  code: string;
  /** Stable numeric id (docs/architecture.md, "One service descriptor"). */
  id: number;
  /** Trade type of its charges in the ledger: a stored number that never changes nor is reused. */
  tradeType: number;
  /**
   * The trade type's name: its key in TRADE_TYPES (the web labels it with the service's name,
   * `services:<code>.name`).
   */
  tradeTypeName: string;
  /**
   * What it needs beyond the offline basic check: the live look-ups it asks (none: it answers
   * offline), the signals its look-ups should carry (by default routed to the providers that give
   * them, and the extras a provider bills for asked only then; docs/providers.md, "Routing by what
   * a service needs") and whether it scores fraud.
   */
  needs: {
    readonly lookups: readonly LookupKindCode[];
    readonly signals: readonly LiveSignalCode[];
    readonly fraud: boolean;
  };
  /**
   * Which numbers are charged: "valid" — every number basic validation does not refuse; "live" —
   * only numbers worth a live look-up (valid mobile ranges); "us" — only valid numbers of the
   * United States (any other is "not applicable", never charged).
   */
  charges: "valid" | "live" | "us";
  /**
   * Where its verdict (the "outcome" facet) comes from: the basic check's validity, the fraud
   * score's recommendation, or the answer of the look-up kind it names (result-facets.ts; its
   * values' words under `answer.outcome` of the kind's service in the services catalogue).
   */
  outcome: "validity" | "recommendation" | LookupKindCode;
  /** Default standard prices in USD micros per number, one per band of STANDARD_BAND_STARTS. */
  standardPricesMicros: readonly [number, number, number];
}

/** Where the default standard list's volume bands start (numbers per calendar month). */
export const STANDARD_BAND_STARTS = [0, 100_000, 1_000_000] as const;

/** The currency of the default standard list. */
export const STANDARD_CURRENCY = "USD";

export const SERVICES = [
  {
    code: "basic",
    id: 1,
    tradeType: 5,
    tradeTypeName: "checkBasic",
    needs: { lookups: [], signals: [], fraud: false },
    charges: "valid",
    outcome: "validity",
    standardPricesMicros: [1_000, 800, 600],
  },
  {
    code: "hlr",
    id: 2,
    tradeType: 6,
    tradeTypeName: "checkHlr",
    needs: { lookups: ["hlr"], signals: [], fraud: false },
    charges: "live",
    outcome: "hlr",
    standardPricesMicros: [8_000, 6_500, 5_000],
  },
  {
    code: "mnp",
    id: 3,
    tradeType: 7,
    tradeTypeName: "checkMnp",
    needs: { lookups: ["mnp"], signals: [], fraud: false },
    charges: "live",
    outcome: "mnp",
    standardPricesMicros: [6_000, 5_000, 4_000],
  },
  {
    code: "fraud_shield",
    id: 4,
    tradeType: 8,
    tradeTypeName: "checkFraudShield",
    needs: { lookups: [], signals: [], fraud: true },
    charges: "valid",
    outcome: "recommendation",
    standardPricesMicros: [4_000, 3_200, 2_500],
  },
  {
    code: "fraud_shield_enhanced",
    id: 5,
    tradeType: 9,
    tradeTypeName: "checkFraudShieldEnhanced",
    needs: {
      lookups: ["hlr", "mnp"],
      signals: ["sim_swap", "call_forwarding", "sms_pumping_risk"],
      fraud: true,
    },
    charges: "valid",
    outcome: "recommendation",
    standardPricesMicros: [10_000, 8_000, 6_500],
  },
  {
    code: "line_type",
    id: 6,
    tradeType: 13,
    tradeTypeName: "checkLineType",
    needs: { lookups: ["line_type"], signals: [], fraud: false },
    charges: "valid",
    outcome: "line_type",
    standardPricesMicros: [10_000, 8_500, 7_000],
  },
  {
    code: "sim_swap",
    id: 7,
    tradeType: 14,
    tradeTypeName: "checkSimSwap",
    needs: { lookups: ["sim_swap"], signals: [], fraud: false },
    charges: "live",
    outcome: "sim_swap",
    standardPricesMicros: [60_000, 50_000, 40_000],
  },
  {
    code: "sms_pumping_risk",
    id: 8,
    tradeType: 15,
    tradeTypeName: "checkSmsPumpingRisk",
    needs: { lookups: ["sms_pumping_risk"], signals: [], fraud: false },
    charges: "valid",
    outcome: "sms_pumping_risk",
    standardPricesMicros: [30_000, 25_000, 20_000],
  },
  {
    code: "caller_name",
    id: 9,
    tradeType: 16,
    tradeTypeName: "checkCallerName",
    needs: { lookups: ["caller_name"], signals: [], fraud: false },
    charges: "us",
    outcome: "caller_name",
    standardPricesMicros: [12_000, 10_000, 8_000],
  },
] as const satisfies readonly ServiceDescriptor[];

export type ServiceCode = (typeof SERVICES)[number]["code"];

const BY_CODE = new Map<string, ServiceDescriptor>(SERVICES.map((s) => [s.code, s]));

/** The descriptor of a service code; throws for a code that is not one (a programming error). */
export function serviceOf(code: ServiceCode): ServiceDescriptor {
  return BY_CODE.get(code)!;
}

export function isServiceCode(value: string): value is ServiceCode {
  return BY_CODE.has(value);
}

/**
 * Whether the service asks a live provider (any look-up kind). Such services are answered by the
 * free sandbox when no provider is configured, offer "ask the network again", are charged only
 * after their look-ups answer, and are the provider console's live services. This is the one test
 * of that need: tests/new-service-files.test.ts fails on any other in product code.
 */
export function needsLiveLookup(service: ServiceCode | ServiceDescriptor): boolean {
  return lookupsOf(service).length > 0;
}

/** The look-up kinds a service asks, in the descriptor's order (none for an offline service). */
export function lookupsOf(service: ServiceCode | ServiceDescriptor): readonly LookupKindCode[] {
  return (typeof service === "string" ? serviceOf(service) : service).needs.lookups;
}

/** Codes of the services that satisfy `test`, as a sentence for API descriptions ("`hlr` and `mnp`"). */
export function serviceCodesWhere(test: (s: ServiceDescriptor) => boolean): string {
  const codes = SERVICES.filter(test).map((s) => `\`${s.code}\``);
  return codes.length <= 1 ? codes.join("") : `${codes.slice(0, -1).join(", ")} and ${codes.at(-1)}`;
}
