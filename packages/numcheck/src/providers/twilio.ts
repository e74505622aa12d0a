import {
  type Answer,
  type CallerNameResult,
  type Connectivity,
  type HlrResult,
  type KindHandlers,
  type LineType,
  type LineTypeResult,
  type LiveLineType,
  type LiveSignals,
  type LookupCallOptions,
  LookupError,
  type MnpResult,
  type Network,
  type SimSwapResult,
  type SmsPumpingRisk,
  type SmsPumpingRiskResult,
} from "../types";
import { callerTypeOf, networkOf, text } from "./answer-parts";
import { requireE164 } from "./contract-fields";
import { getJson } from "./http-json";
import { KindedProvider } from "./kinded-provider";
import { countryOfMcc } from "./mcc";
import { type TwilioLookup, twilioAnswers } from "./twilio-contract";

/**
 * Adapter for Twilio Lookup v2, per the contract in twilio-contract.ts.
 *
 *   GET {baseUrl}/v2/PhoneNumbers/+E164?Fields=…  HTTP Basic auth (account SID : auth token).
 *   HLR asks line_status and line_type_intelligence, plus those of the extras the operator turns on
 *   (sim_swap, call_forwarding: each is a paid package) that the look-up's `signals` ask for;
 *   MNP and line type ask line_type_intelligence.
 *
 * → HlrResult (never more than Twilio said: docs/providers.md, "Twilio"):
 *   valid false → invalid_msisdn; else line_status.status: reachable → connected, unreachable →
 *     absent, inactive (no subscriber) → invalid_msisdn; active (in service, but "not necessarily
 *     reachable", as Twilio puts it), unknown, a package error or no line status → undetermined
 *     (cannot tell: the router asks the next provider), with the carrier and line type it gave;
 *   line_type_intelligence carrier_name/mobile_country_code/mobile_network_code → currentNetwork
 *     (country: the MCC's, else the number's country_code);
 *   signals: line type from line_type_intelligence.type; SIM swap from sim_swap.last_sim_swap
 *     (swapped_in_period, last_sim_swap_date, swapped_period as hours); call forwarding from
 *     call_forwarding.call_forwarding_enabled. A package not asked for, or with an error_code, is null.
 *   Not in the contract, so never claimed: original (range holder) network, ported, roaming, a MAP
 *     error, a price (cost stays null).
 * → LineTypeResult: line_type_intelligence's type (fixedVoip and nonFixedVoip told apart), its
 *   carrier; a package error, no package, "unknown" or an invalid number → "unknown" (cannot tell).
 * → SimSwapResult (only when sim_swap is among the extras): sim_swap.last_sim_swap's
 *   swapped_in_period, swapped_period (hours) and last_sim_swap_date, the package's carrier; a
 *   package error or no package → nothing known (cannot tell).
 * → SmsPumpingRiskResult (only when sms_pumping_risk is among the extras): the package's
 *   sms_pumping_risk_score, carrier_risk_category, number_blocked(_date, _last_3_months); with HLR
 *   the same as signals.smsPumpingRisk when a service needs it; an error or no score → null.
 * → CallerNameResult (only when caller_name is among the extras; United States numbers): the
 *   package's caller_name and caller_type; an error or no package → null (cannot tell).
 * → MnpResult: ported "unknown" (the contract has no porting flag), currentNetwork as above; so
 *   "mnp" is not among the answers and a router never asks Twilio for it.
 * HTTP: 401/403/404 → rejected (Twilio's code, e.g. 20003 or 20404, kept as providerCode); 402 →
 *   out_of_credit; 429/5xx → upstream (retryable, Retry-After kept); off-contract answer → upstream.
 */
export type TwilioExtra = "sim_swap" | "call_forwarding" | "sms_pumping_risk" | "caller_name";

export interface TwilioOptions {
  accountSid: string;
  authToken: string;
  /**
   * Paid packages it may ask beside line status and line type (default none): each is asked only
   * with an HLR whose `signals` name it (a service that needs it).
   */
  extras?: readonly TwilioExtra[];
  /** Default https://lookups.twilio.com */
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

const LINE_TYPES: Record<string, LineType> = {
  landline: "fixed_line",
  mobile: "mobile",
  fixedvoip: "voip",
  nonfixedvoip: "voip",
  personal: "personal",
  tollfree: "toll_free",
  premium: "premium_rate",
  sharedcost: "shared_cost",
  uan: "uan",
  voicemail: "voicemail",
  pager: "pager",
};

/**
 * Line statuses that say where the handset is. "active" is not among them: the line is in service,
 * but Twilio does not say it can be reached, so it cannot tell what an HLR check sells.
 */
const CONNECTIVITY: Record<string, Connectivity> = {
  reachable: "connected",
  unreachable: "absent",
  inactive: "invalid_msisdn",
};

/** A package of the answer, or null when absent or when Twilio reported an error for it. */
function usable<T extends { error_code?: number | null }>(pkg: T | null | undefined): T | null {
  return pkg && (pkg.error_code === null || pkg.error_code === undefined) ? pkg : null;
}

/** Hours in an ISO 8601 duration such as "PT15282H33M44S" or "P1D" (null when not one). */
export function hoursOf(duration: string | null | undefined): number | null {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text(duration) ?? "");
  if (!match || duration === "P" || duration === "PT") return null;
  const [, days = "0", hours = "0", minutes = "0", seconds = "0"] = match;
  const total = Number(days) * 24 + Number(hours) + Number(minutes) / 60 + Number(seconds) / 3600;
  return Math.round(total * 100) / 100;
}

function isoOrNull(value: string | null | undefined): string | null {
  const at = Date.parse(text(value) ?? "");
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

function currentNetworkOf(answer: TwilioLookup): Network | null {
  const lti = usable(answer.line_type_intelligence);
  if (!lti) return null;
  const mcc = text(lti.mobile_country_code);
  return networkOf({
    name: lti.carrier_name,
    mcc,
    mnc: lti.mobile_network_code,
    country: countryOfMcc(mcc) ?? answer.country_code,
  });
}

/**
 * The sms_pumping_risk package: its score and the rest as said; null without a package, with an
 * error_code or without a score (cannot tell).
 */
function smsPumpingRiskOf(answer: TwilioLookup): SmsPumpingRisk | null {
  const pkg = answer.valid === false ? null : usable(answer.sms_pumping_risk);
  const score = pkg?.sms_pumping_risk_score;
  if (!pkg || typeof score !== "number") return null;
  return {
    score,
    carrierRisk: text(pkg.carrier_risk_category)?.toLowerCase() ?? null,
    blocked: pkg.number_blocked ?? null,
    blockedLast3Months: pkg.number_blocked_last_3_months ?? null,
    blockedAt: isoOrNull(pkg.number_blocked_date),
  };
}

/** The SMS pumping risk look-up: the sms_pumping_risk package alone. */
export function mapTwilioSmsPumpingRisk(
  e164: string,
  answer: TwilioLookup,
  obtainedAt: Date,
): SmsPumpingRiskResult {
  return {
    e164,
    risk: smsPumpingRiskOf(answer),
    source: "live",
    provider: "twilio",
    obtainedAt: obtainedAt.toISOString(),
    cost: null,
  };
}

function signalsOf(answer: TwilioLookup): LiveSignals {
  const lti = usable(answer.line_type_intelligence);
  const type = text(lti?.type)?.toLowerCase();
  const swap = usable(answer.sim_swap);
  const last = swap?.last_sim_swap;
  const forwarding = usable(answer.call_forwarding);
  return {
    lineType: lti ? (LINE_TYPES[type ?? ""] ?? "unknown") : null,
    simSwap: last
      ? {
          swapped: last.swapped_in_period ?? null,
          lastSwapAt: isoOrNull(last.last_sim_swap_date),
          withinHours: hoursOf(last.swapped_period),
        }
      : null,
    callForwarding: forwarding?.call_forwarding_enabled ?? null,
    smsPumpingRisk: smsPumpingRiskOf(answer),
  };
}

export function mapTwilioHlr(e164: string, answer: TwilioLookup, obtainedAt: Date): HlrResult {
  const status = text(usable(answer.line_status)?.status)?.toLowerCase();
  const connectivity: Connectivity =
    answer.valid === false ? "invalid_msisdn" : (CONNECTIVITY[status ?? ""] ?? "undetermined");
  return {
    e164,
    connectivity,
    error: null,
    currentNetwork: connectivity === "invalid_msisdn" ? null : currentNetworkOf(answer),
    originalNetwork: null,
    roaming: { roaming: null, network: null, country: null },
    ported: null,
    source: "live",
    provider: "twilio",
    obtainedAt: obtainedAt.toISOString(),
    cost: null,
    signals: signalsOf(answer),
  };
}

export function mapTwilioMnp(e164: string, answer: TwilioLookup, obtainedAt: Date): MnpResult {
  return {
    e164,
    ported: "unknown",
    currentNetwork: answer.valid === false ? null : currentNetworkOf(answer),
    originalNetwork: null,
    source: "live",
    provider: "twilio",
    obtainedAt: obtainedAt.toISOString(),
    cost: null,
  };
}

/** The line-type look-up tells fixed from non-fixed VoIP, as Twilio does. */
const LIVE_LINE_TYPES: Record<string, LiveLineType> = {
  ...LINE_TYPES,
  fixedvoip: "fixed_voip",
  nonfixedvoip: "non_fixed_voip",
};

/**
 * The line-type look-up: Line Type Intelligence alone. A package error, no package or a type
 * Twilio does not name is "unknown" (cannot tell); an invalid number is named by no network.
 */
export function mapTwilioLineType(e164: string, answer: TwilioLookup, obtainedAt: Date): LineTypeResult {
  const lti = usable(answer.line_type_intelligence);
  const type = text(lti?.type)?.toLowerCase() ?? "";
  return {
    e164,
    lineType: answer.valid === false || !lti ? "unknown" : (LIVE_LINE_TYPES[type] ?? "unknown"),
    carrier: answer.valid === false ? null : currentNetworkOf(answer),
    source: "live",
    provider: "twilio",
    obtainedAt: obtainedAt.toISOString(),
    cost: null,
  };
}

/**
 * The SIM-swap look-up: the sim_swap package alone. swapped_in_period within swapped_period, and
 * the last change's date when given; a package error or no package → nothing known (cannot tell).
 */
export function mapTwilioSimSwap(e164: string, answer: TwilioLookup, obtainedAt: Date): SimSwapResult {
  const swap = answer.valid === false ? null : usable(answer.sim_swap);
  const last = swap?.last_sim_swap;
  const mcc = text(swap?.mobile_country_code);
  return {
    e164,
    swapped: last?.swapped_in_period ?? null,
    lastSwapAt: isoOrNull(last?.last_sim_swap_date),
    withinHours: last ? hoursOf(last.swapped_period) : null,
    carrier: swap
      ? networkOf({
          name: swap.carrier_name,
          mcc,
          mnc: swap.mobile_network_code,
          country: countryOfMcc(mcc) ?? answer.country_code,
        })
      : null,
    source: "live",
    provider: "twilio",
    obtainedAt: obtainedAt.toISOString(),
    cost: null,
  };
}

/**
 * The caller_name package (United States numbers): the name and the owner's type as said; a
 * package error, no package or an invalid number → both null (cannot tell). Twilio gives no first
 * and last name.
 */
export function mapTwilioCallerName(e164: string, answer: TwilioLookup, obtainedAt: Date): CallerNameResult {
  const pkg = answer.valid === false ? null : usable(answer.caller_name);
  return {
    e164,
    name: text(pkg?.caller_name),
    type: callerTypeOf(pkg?.caller_type),
    firstName: null,
    lastName: null,
    source: "live",
    provider: "twilio",
    obtainedAt: obtainedAt.toISOString(),
    cost: null,
  };
}

/** Twilio's own error code ("20003") from an error body. */
function twilioCode(body: unknown): string | null {
  const parsed = twilioAnswers.error.safeParse(body);
  return parsed.success && typeof parsed.data.code === "number" ? String(parsed.data.code) : null;
}

export class TwilioProvider extends KindedProvider {
  protected readonly kinds: KindHandlers = {
    hlr: (e164, options) => this.#hlr(e164, options),
    mnp: (e164, options) => this.#mnp(e164, options),
    line_type: async (e164, options) =>
      mapTwilioLineType(e164, await this.#get(e164, "line_type_intelligence", options?.signal), this.#now()),
    // Only among the answers when the operator turned the paid package on (LOOKUP_TWILIO_EXTRAS).
    sim_swap: async (e164, options) =>
      mapTwilioSimSwap(e164, await this.#extra("sim_swap", e164, options), this.#now()),
    sms_pumping_risk: async (e164, options) =>
      mapTwilioSmsPumpingRisk(e164, await this.#extra("sms_pumping_risk", e164, options), this.#now()),
    caller_name: async (e164, options) =>
      mapTwilioCallerName(e164, await this.#extra("caller_name", e164, options), this.#now()),
  };
  readonly name = "twilio";
  readonly sandbox = false;
  readonly answers: readonly Answer[];
  readonly #authorization: string;
  readonly #extras: readonly TwilioExtra[];
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #now: () => Date;

  constructor(options: TwilioOptions) {
    super();
    if (!options.accountSid || !options.authToken) {
      throw new Error("twilio: an account SID and an auth token are required");
    }
    const extras = [...new Set(options.extras ?? [])];
    this.answers = ["hlr", "line_type", ...extras];
    this.#extras = extras;
    this.#authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString("base64")}`;
    this.#baseUrl = (options.baseUrl ?? "https://lookups.twilio.com").replace(/\/+$/, "");
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? (() => new Date());
  }

  async #hlr(e164: string, options?: LookupCallOptions): Promise<HlrResult> {
    const asked = this.#extras.filter((extra) => options?.signals?.some((signal) => signal === extra));
    const fields = ["line_status", "line_type_intelligence", ...asked].join(",");
    return mapTwilioHlr(e164, await this.#get(e164, fields, options?.signal), this.#now());
  }

  async #mnp(e164: string, options?: LookupCallOptions): Promise<MnpResult> {
    return mapTwilioMnp(e164, await this.#get(e164, "line_type_intelligence", options?.signal), this.#now());
  }

  /** A paid package's own look-up, asked only when the operator turned the package on. */
  async #extra(extra: TwilioExtra, e164: string, options?: LookupCallOptions): Promise<TwilioLookup> {
    if (!this.#extras.includes(extra))
      throw new LookupError(`twilio: the ${extra} package is not turned on`, "rejected", false);
    return this.#get(e164, extra, options?.signal);
  }

  #get(e164: string, fields: string, signal?: AbortSignal): Promise<TwilioLookup> {
    requireE164(e164);
    return getJson({
      service: "twilio lookup",
      url: `${this.#baseUrl}/v2/PhoneNumbers/${encodeURIComponent(e164)}?${new URLSearchParams({ Fields: fields })}`,
      headers: { authorization: this.#authorization },
      fetch: this.#fetch,
      signal,
      schema: twilioAnswers.lookup,
      errorCode: twilioCode,
    });
  }
}
