/**
 * The number-check engine's vocabulary. A pure library: no database, no HTTP server. Enumerations
 * are open-ended for API clients (an unknown value may appear later), so every one has "unknown".
 */
export type LineType =
  | "mobile"
  | "fixed_line"
  | "fixed_line_or_mobile"
  | "voip"
  | "toll_free"
  | "premium_rate"
  | "shared_cost"
  | "uan"
  | "personal"
  | "pager"
  | "voicemail"
  | "unknown";

/** Why an input is not a usable phone number. */
export type InvalidReason =
  | "empty"
  | "not_a_number"
  | "too_short"
  | "too_long"
  | "invalid_country_code"
  | "no_country"
  | "invalid_for_region"
  /** A spreadsheet turned the number into scientific notation and rounded digits away (4.41E+11). */
  | "precision_lost"
  /** The cell holds two or more numbers ("+44 7911 123456 / +44 7911 654321"): none is taken. */
  | "multiple_numbers"
  | "unknown";

/** How the input was turned into E.164 (each step that applied, in order). */
export type NormalisationStep =
  | "trimmed"
  | "full_width_digits"
  /** Decimal digits of another script (Arabic-Indic, Persian, Devanagari, Thai…) read as 0-9. */
  | "local_digits"
  | "extension_removed"
  | "spreadsheet_scientific"
  /** Zero decimals a spreadsheet wrote after a number stored as a float ("447911123456.0") removed. */
  | "spreadsheet_decimal"
  /** A spreadsheet formula yielding the number as text (`="+44 7911 123456"`) read for its text. */
  | "spreadsheet_formula"
  | "international_00"
  | "international_plus"
  | "restored_plus"
  | "default_country"
  | "national_trunk_prefix"
  /** A national number whose leading 0 a spreadsheet dropped; put back because only then it is valid. */
  | "restored_leading_zero"
  /** Quotes around the cell (a CSV export kept them) were removed. */
  | "quotes_removed"
  /** A field separator at the cell's start or end (a broken CSV: "+8613800138000;") was removed. */
  | "separator_removed"
  /** A "*" or "#" after the number (a footnote mark, a dial string's end) was removed. */
  | "symbol_removed"
  /** Brackets around the whole cell ("{+44 7911 123456}", "【…】") were removed. */
  | "brackets_removed"
  /** A label before or after the number ("Tel: …", "… (mobile)") was removed. */
  | "label_removed"
  /** Vanity letters were turned into digits by the phone keypad ("+1-800-FLOWERS"). */
  | "vanity_letters"
  /** Mexico's old mobile prefix (1 after +52, 044/045 nationally), abolished in 2019, was removed. */
  | "mexico_mobile_prefix";

export interface Normalised {
  input: string;
  /** E.164 (+ and digits) or null when the input cannot be one. */
  e164: string | null;
  /** ISO-2 of the default country when it decided the country, else null. */
  defaultCountryUsed: string | null;
  steps: NormalisationStep[];
  extension: string | null;
  invalidReason: InvalidReason | null;
}

/** Where a result's data came from. */
export type DataSource = "live" | "cache" | "numbering_plan" | "sandbox";

export type TriState = true | false | null;

export interface Network {
  name: string | null;
  mcc: string | null;
  mnc: string | null;
  /** ISO-2. */
  country: string | null;
}

export interface BasicResult {
  e164: string | null;
  normalisation: Normalised;
  /** null when the numbering plan cannot tell. */
  valid: TriState;
  possible: boolean;
  lineType: LineType;
  country: { iso2: string; iso3: string; dialCode: string } | null;
  formats: { e164: string; international: string; national: string } | null;
  originalCarrier: Network | null;
  region: string | null;
  timeZones: string[];
  /** Mobile ranges in countries with number portability may have moved operator. */
  possiblyPorted: boolean;
  /** Worth a live HLR look-up: valid mobile (or fixed-or-mobile) numbers. */
  qualifiesForHlr: boolean;
  source: "numbering_plan";
  checkedAt: string;
}

export type Connectivity = "connected" | "absent" | "invalid_msisdn" | "undetermined";

/** What a provider says one look-up cost (tyntec and Vonage report a price per request). */
export interface ProviderCost {
  /** Decimal string as the provider wrote it ("0.0045"). */
  amount: string;
  /** ISO 4217. */
  currency: string;
  /** The provider account's balance after this look-up, in the same currency, when it says (Vonage). */
  balance?: string | null;
}

/**
 * The kinds of live look-up, as data (docs/providers.md, "Look-up kinds"): a provider answers
 * `lookup(kind, e164)` for each kind it lists; the service descriptors name the kinds they need.
 * A new kind is a new entry here, its result in `LookupResults` and when it "cannot tell" in
 * `CANNOT_TELL`.
 */
export const LOOKUP_KINDS = [
  "hlr",
  "mnp",
  "line_type",
  "sim_swap",
  "sms_pumping_risk",
  "caller_name",
] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/** Signals a provider may give beside a look-up's answer (Twilio's line type, SIM swap, forwarding). */
export const LIVE_SIGNALS = ["line_type", "sim_swap", "call_forwarding", "sms_pumping_risk"] as const;
export type LiveSignal = (typeof LIVE_SIGNALS)[number];

/** What a provider can answer: look-up kinds and signals; services are routed only to providers that answer what they need. */
export type Answer = LookupKind | LiveSignal;

export function isLookupKind(value: string): value is LookupKind {
  return (LOOKUP_KINDS as readonly string[]).includes(value);
}

/** Signals some providers give beside reachability (Twilio's line type, SIM swap, forwarding). */
export interface LiveSignals {
  /** The line type the provider reports, when it has one. */
  lineType: LineType | null;
  /** A SIM change: when it was last seen (ISO 8601) or how long ago it may have happened. */
  simSwap: { swapped: TriState; lastSwapAt: string | null; withinHours: number | null } | null;
  /** Calls to the number are forwarded unconditionally. */
  callForwarding: TriState;
  /** Twilio's SMS pumping risk of the number, when asked (absent on answers from before it was). */
  smsPumpingRisk?: SmsPumpingRisk | null;
}

/** What a provider says of a number's risk of SMS pumping (artificially inflated traffic). */
export interface SmsPumpingRisk {
  /** 0 (none) to 100, as the provider scores it. */
  score: number;
  /** The provider's risk category of the number's carrier ("low", "mild", "moderate", "high"), as said. */
  carrierRisk: string | null;
  /** Blocked by the provider's own fraud guard now, in the last three months, and since when. */
  blocked: TriState;
  blockedLast3Months: TriState;
  blockedAt: string | null;
}

export interface HlrResult {
  e164: string;
  connectivity: Connectivity;
  error: { code: number; name: string; permanent: boolean } | null;
  currentNetwork: Network | null;
  originalNetwork: Network | null;
  roaming: { roaming: TriState; network: Network | null; country: string | null };
  ported: TriState;
  source: DataSource;
  /** The provider's name ("sandbox" for the sandbox). */
  provider: string;
  obtainedAt: string;
  /** What the provider reported this look-up cost; absent when it does not say. */
  cost?: ProviderCost | null;
  /** Extra signals, from providers that give them (absent otherwise). */
  signals?: LiveSignals | null;
}

export type PortedStatus = "ported" | "not_ported" | "assumed_ported" | "assumed_not_ported" | "unknown";

export interface MnpResult {
  e164: string;
  ported: PortedStatus;
  currentNetwork: Network | null;
  originalNetwork: Network | null;
  source: DataSource;
  provider: string;
  obtainedAt: string;
  /** What the provider reported this look-up cost; absent when it does not say. */
  cost?: ProviderCost | null;
}

/**
 * A line type as a provider names it: the numbering plan's, and VoIP told apart as fixed (tied to an
 * address, Twilio's `fixedVoip`) or not (`nonFixedVoip`); plain `voip` when the provider does not
 * say which (Vonage's `virtual`).
 */
export type LiveLineType = LineType | "fixed_voip" | "non_fixed_voip";

/**
 * What a line-type look-up says (Twilio's Line Type Intelligence, Vonage's `network_type`):
 * `lineType` "unknown" when the provider did not say, or said with an error (cannot tell).
 */
export interface LineTypeResult {
  e164: string;
  lineType: LiveLineType;
  /** The network the provider names for the number, when it does. */
  carrier: Network | null;
  source: DataSource;
  provider: string;
  obtainedAt: string;
  cost?: ProviderCost | null;
}

/**
 * What a SIM-swap look-up says, as the provider says it: whether the SIM changed in the period it
 * checked (`withinHours`), and when it last changed when it gives a date. Both unknown when the
 * provider could not tell (an error, no answer).
 */
export interface SimSwapResult {
  e164: string;
  swapped: TriState;
  /** ISO 8601, when the provider gives the date of the last change. */
  lastSwapAt: string | null;
  /** The period the provider checked, in hours (Twilio's `swapped_period`). */
  withinHours: number | null;
  /** The network that answered for the subscriber, when named. */
  carrier: Network | null;
  source: DataSource;
  provider: string;
  obtainedAt: string;
  cost?: ProviderCost | null;
}

/** The SMS pumping risk look-up's answer: `risk` null when the provider could not tell. */
export interface SmsPumpingRiskResult {
  e164: string;
  risk: SmsPumpingRisk | null;
  source: DataSource;
  provider: string;
  obtainedAt: string;
  cost?: ProviderCost | null;
}

/**
 * What a caller-name (CNAM) look-up says, United States numbers only: the name registered for the
 * number and whether its owner is a business or a person, each null when the provider did not say
 * (docs/providers.md, "Caller name"). The caller_name look-up kind's answer.
 */
export interface CallerNameResult {
  e164: string;
  name: string | null;
  type: "business" | "consumer" | null;
  firstName: string | null;
  lastName: string | null;
  source: DataSource;
  provider: string;
  obtainedAt: string;
  cost?: ProviderCost | null;
}

/** Each look-up kind's answer. */
export interface LookupResults {
  hlr: HlrResult;
  mnp: MnpResult;
  line_type: LineTypeResult;
  sim_swap: SimSwapResult;
  sms_pumping_risk: SmsPumpingRiskResult;
  caller_name: CallerNameResult;
}
export type LookupResult = LookupResults[LookupKind];

/**
 * Answers that say nothing: the router asks the next provider, the cache keeps none of them
 * (docs/providers.md: the section on answers that "cannot tell").
 */
export const CANNOT_TELL: { readonly [K in LookupKind]: (value: LookupResults[K]) => boolean } = {
  hlr: (value) => value.connectivity === "undetermined",
  mnp: (value) => value.ported === "unknown",
  line_type: (value) => value.lineType === "unknown",
  sim_swap: (value) => value.swapped === null && value.lastSwapAt === null,
  sms_pumping_risk: (value) => value.risk === null,
  caller_name: (value) => value.name === null && value.type === null,
};

/**
 * Whether an answer of the kind carries signals (HlrResult's `signals`): only such look-ups are
 * routed by, and asked for, the signals a service needs.
 */
export const CARRIES_SIGNALS: { readonly [K in LookupKind]: boolean } = {
  hlr: true,
  mnp: false,
  line_type: false,
  sim_swap: false,
  sms_pumping_risk: false,
  caller_name: false,
};

/**
 * Kinds whose answer is news of the last hours (a SIM swap): never answered from, nor kept in, the
 * look-up cache, so each check asks the provider (docs/providers.md, "Look-up kinds").
 */
export const NEVER_CACHED: readonly LookupKind[] = ["sim_swap"];

/** The signals worth asking with a look-up of `kind`: none for a kind whose answer has no room for them. */
export function signalsFor(
  kind: LookupKind,
  signals: readonly LiveSignal[] | undefined,
): readonly LiveSignal[] {
  return CARRIES_SIGNALS[kind] ? (signals ?? []) : [];
}

/** Whether an answer of `kind` says nothing (see CANNOT_TELL). */
export function cannotTell<K extends LookupKind>(kind: K, value: LookupResults[K]): boolean {
  return (CANNOT_TELL[kind] as (value: LookupResults[K]) => boolean)(value);
}

export interface LookupCallOptions {
  signal?: AbortSignal;
  /**
   * The signals the caller's service needs beside the answer: a provider asks the extras it bills
   * for only when they are here (docs/providers.md, "Routing by what a service needs").
   */
  signals?: readonly LiveSignal[];
}

/** A live look-up provider (sandbox or a real upstream). */
export interface LookupProvider {
  readonly name: string;
  readonly sandbox: boolean;
  /** What it can answer (docs/providers.md); `lookup()` of a kind it lacks is never called. */
  readonly answers: readonly Answer[];
  /**
   * Calls it takes at once when it bounds them (the router: its providers' limits together), so a
   * caller that fans out, the job worker, can keep that many busy; absent: no bound of its own.
   */
  readonly concurrency?: number;
  /** One look-up of `kind`; a kind it does not answer is refused (LookupError "rejected"). */
  lookup<K extends LookupKind>(kind: K, e164: string, options?: LookupCallOptions): Promise<LookupResults[K]>;
}

/** An adapter's look-ups, one function per kind it answers. */
export type KindHandlers = {
  readonly [K in LookupKind]?: (e164: string, options?: LookupCallOptions) => Promise<LookupResults[K]>;
};

/** Calls the adapter's function for `kind`, or refuses a kind it has none for. */
export function lookupBy<K extends LookupKind>(
  provider: string,
  handlers: KindHandlers,
  kind: K,
  e164: string,
  options?: LookupCallOptions,
): Promise<LookupResults[K]> {
  const handler = handlers[kind] as
    | ((e164: string, options?: LookupCallOptions) => Promise<LookupResults[K]>)
    | undefined;
  if (!handler)
    return Promise.reject(new LookupError(`${provider} does not answer ${kind}`, "rejected", false));
  return handler(e164, options);
}

/** A provider failure that says whether trying again may help. */
export class LookupError extends Error {
  constructor(
    message: string,
    /** out_of_credit: the provider account has run out of credit (HTTP 402 and the like). */
    readonly kind: "timeout" | "upstream" | "rejected" | "circuit_open" | "out_of_credit",
    readonly retryable: boolean,
    /**
     * When asking again makes sense, if known: the server's Retry-After, or for circuit_open the
     * breaker's cool-down left.
     */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
  }
}

/**
 * A 2xx answer the adapter cannot read (not JSON, cut off, or a field it reads of the wrong type).
 * The provider answered, and charged for it, so asking it again would pay again for the same
 * answer: not retryable on that provider, but a failure of it (its breaker counts it) and the router
 * asks the next one (docs/providers.md, "Failures"). `fields` names the fields at fault, never
 * their values (they may hold the subscriber's number).
 */
export class UnreadableAnswerError extends LookupError {
  constructor(
    message: string,
    readonly fields: readonly string[],
  ) {
    super(message, "upstream", false);
  }
}

export type RiskLevel = "very_low" | "low" | "medium" | "high" | "very_high";

export interface FraudResult {
  e164: string | null;
  score: number;
  level: RiskLevel;
  recommendation: "allow" | "flag" | "block";
  /** Reason codes; the texts are translated by the product. */
  reasons: { code: string; weight: number }[];
  enhanced: boolean;
  checkedAt: string;
}

/** A provider made of one function per kind it answers (fakes in tests, benchmarks). */
export function providerFrom(
  identity: { name: string; sandbox: boolean; answers: readonly Answer[]; concurrency?: number },
  handlers: KindHandlers,
): LookupProvider {
  return {
    ...identity,
    lookup: (kind, e164, options) => lookupBy(identity.name, handlers, kind, e164, options),
  };
}
