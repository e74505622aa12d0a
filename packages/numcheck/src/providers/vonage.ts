import type {
  Answer,
  CallerNameResult,
  Connectivity,
  HlrResult,
  KindHandlers,
  LineType,
  LineTypeResult,
  LookupCallOptions,
  MnpResult,
  Network,
  PortedStatus,
  ProviderCost,
  TriState,
} from "../types";
import {
  callerTypeOf,
  costOf,
  decimalOf,
  networkOf,
  splitMccMnc,
  subtractDecimal,
  text,
} from "./answer-parts";
import { requireE164 } from "./contract-fields";
import { UpstreamHttpError } from "./http-error";
import { getJson } from "./http-json";
import { KindedProvider } from "./kinded-provider";
import { VONAGE_CURRENCY, type VonageAnswer, vonageAnswers } from "./vonage-contract";

/**
 * Adapter for Vonage Number Insight, per the contract in vonage-contract.ts.
 *
 *   HLR: GET {baseUrl}/ni/advanced/json?number=<E.164 digits>   (Advanced, synchronous)
 *   MNP and line type: GET {baseUrl}/ni/standard/json?number=…  (Standard: porting and carriers
 *        with their network_type, cheaper; no live data needed)   HTTP Basic auth (API key : API secret).
 *
 * status (in a 200 answer): 0 → mapped; 43/44/45 (live look-up not handled or unavailable) →
 *   mapped from what is there (usually undetermined: cannot tell); 1 (throttled) and 5 (internal
 *   error) → upstream, retryable; 9 (partner quota exceeded) → out_of_credit; 3, 4 and any other →
 *   rejected. The status is kept as providerCode.
 * → HlrResult (never more than Vonage said: docs/providers.md, "Vonage"):
 *   connectivity: lookup_outcome 2 (failed) → undetermined, whatever else the answer holds;
 *     reachable "bad_number", or valid_number "not_valid" → invalid_msisdn; valid_number
 *     "inferred_not_valid" (Vonage's best guess, not the network's word) → undetermined; else
 *     reachable "reachable" → connected, "absent" and "undeliverable" → absent, "unknown",
 *     "blacklisted", null or none → undetermined;
 *   current_carrier / original_carrier (network_code = MCC+MNC, name, country) → current/original
 *     network; network_type → signals.lineType;
 *   ported: ported/assumed_ported → true, not_ported/assumed_not_ported → false, unknown → null;
 *   roaming {status, roaming_country_code, roaming_network_code, roaming_network_name} (or a bare
 *     status string) → roaming, unknown when the look-up failed;
 *   request_price − refund_price → cost (EUR), remaining_balance → cost.balance.
 * → MnpResult: ported as Vonage says it (same values as ours), carriers as above, cost likewise.
 * → LineTypeResult: current_carrier.network_type as above ("unknown" when not said), the carrier.
 * → CallerNameResult: Standard with cnam=true (United States numbers), caller_identity as said
 *   ("unknown" → null), cost likewise.
 * HTTP: 402 → out_of_credit, 401/403 → rejected, 429/5xx → upstream (http-json.ts).
 */
export interface VonageOptions {
  apiKey: string;
  apiSecret: string;
  /** Default https://api.nexmo.com */
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

/** Number Insight statuses that still carry an answer: success, and live look-up not available. */
const ANSWERED = new Set([0, 43, 44, 45]);

const LINE_TYPES: Record<string, LineType> = {
  mobile: "mobile",
  landline: "fixed_line",
  landline_premium: "premium_rate",
  landline_tollfree: "toll_free",
  virtual: "voip",
  pager: "pager",
  unknown: "unknown",
};

const REACHABLE: Record<string, Connectivity> = {
  reachable: "connected",
  absent: "absent",
  undeliverable: "absent",
  bad_number: "invalid_msisdn",
};

const PORTED: Record<string, PortedStatus> = {
  ported: "ported",
  not_ported: "not_ported",
  assumed_ported: "assumed_ported",
  assumed_not_ported: "assumed_not_ported",
};

/** lookup_outcome: 0 success, 1 partial success (some fields populated), 2 failed. */
const LOOKUP_FAILED = 2;

type Carrier = VonageAnswer["current_carrier"];

/** A value in lower case; null when absent, or when Vonage wrote the string "null" (its contract lists it). */
function said(value: string | null | undefined): string | null {
  const word = text(value)?.toLowerCase() ?? null;
  return word === "null" ? null : word;
}

/** The live part of the look-up failed (lookup_outcome 2): reachability, validity and roaming are not known. */
function lookupFailed(answer: VonageAnswer): boolean {
  return Number(text(answer.lookup_outcome)) === LOOKUP_FAILED;
}

function carrierNetwork(carrier: Carrier): Network | null {
  if (!carrier) return null;
  return networkOf({ name: carrier.name, ...splitMccMnc(carrier.network_code), country: carrier.country });
}

/** What Vonage charged: the price less any refund (a failed live part is refunded), and the balance left. */
export function vonageCost(answer: VonageAnswer): ProviderCost | null {
  const price = decimalOf(answer.request_price);
  if (price === null) return null;
  const cost = costOf(subtractDecimal(price, decimalOf(answer.refund_price) ?? "0"), VONAGE_CURRENCY);
  return cost && { ...cost, balance: decimalOf(answer.remaining_balance) };
}

function roamingOf(roaming: VonageAnswer["roaming"]): HlrResult["roaming"] {
  const status = typeof roaming === "string" ? roaming : roaming?.status;
  const flag: TriState = status === "roaming" ? true : status === "not_roaming" ? false : null;
  if (flag !== true || typeof roaming !== "object" || roaming === null) {
    return { roaming: flag, network: null, country: null };
  }
  const network = networkOf({
    name: roaming.roaming_network_name,
    ...splitMccMnc(roaming.roaming_network_code),
    country: roaming.roaming_country_code,
  });
  return { roaming: true, network, country: network?.country ?? text(roaming.roaming_country_code) };
}

function connectivityOf(answer: VonageAnswer): Connectivity {
  if (lookupFailed(answer)) return "undetermined";
  const reachable = said(answer.reachable) ?? "";
  const valid = said(answer.valid_number);
  if (reachable === "bad_number" || valid === "not_valid") return "invalid_msisdn";
  // "inferred_not_valid" is Vonage's best guess, not a network's answer: the next provider is asked.
  if (valid === "inferred_not_valid") return "undetermined";
  return REACHABLE[reachable] ?? "undetermined";
}

/** The current carrier's network_type as ours; "unknown" for a type we do not know; null when not said. */
function lineTypeOf(answer: VonageAnswer): LineType | null {
  const networkType = said(answer.current_carrier?.network_type);
  return networkType ? (LINE_TYPES[networkType] ?? "unknown") : null;
}

export function mapVonageHlr(e164: string, answer: VonageAnswer, obtainedAt: Date): HlrResult {
  const connectivity = connectivityOf(answer);
  const invalid = connectivity === "invalid_msisdn";
  const ported = PORTED[said(answer.ported) ?? ""];
  return {
    e164,
    connectivity,
    error: null,
    currentNetwork: invalid ? null : carrierNetwork(answer.current_carrier),
    originalNetwork: carrierNetwork(answer.original_carrier),
    roaming:
      invalid || lookupFailed(answer)
        ? { roaming: null, network: null, country: null }
        : roamingOf(answer.roaming),
    ported: ported === "ported" || ported === "assumed_ported" ? true : ported ? false : null,
    source: "live",
    provider: "vonage",
    obtainedAt: obtainedAt.toISOString(),
    cost: vonageCost(answer),
    signals: {
      lineType: lineTypeOf(answer),
      simSwap: null,
      callForwarding: null,
    },
  };
}

export function mapVonageMnp(e164: string, answer: VonageAnswer, obtainedAt: Date): MnpResult {
  return {
    e164,
    ported: PORTED[said(answer.ported) ?? ""] ?? "unknown",
    currentNetwork: carrierNetwork(answer.current_carrier),
    originalNetwork: carrierNetwork(answer.original_carrier),
    source: "live",
    provider: "vonage",
    obtainedAt: obtainedAt.toISOString(),
    cost: vonageCost(answer),
  };
}

/**
 * The line-type look-up (Standard): the current carrier's network_type, "unknown" (cannot tell)
 * when absent, null or "null"; the carrier as named.
 */
export function mapVonageLineType(e164: string, answer: VonageAnswer, obtainedAt: Date): LineTypeResult {
  return {
    e164,
    lineType: lineTypeOf(answer) ?? "unknown",
    carrier: carrierNetwork(answer.current_carrier),
    source: "live",
    provider: "vonage",
    obtainedAt: obtainedAt.toISOString(),
    cost: vonageCost(answer),
  };
}

/** Vonage's word for "not known" in the caller fields ("unknown", or nothing). */
function named(value: string | null | undefined): string | null {
  const word = text(value);
  return word && word.toLowerCase() !== "unknown" ? word : null;
}

/**
 * The caller name (Standard with cnam=true; United States numbers): caller_identity's name, type,
 * first and last name, each null when Vonage says "unknown" or nothing (cannot tell).
 */
export function mapVonageCallerName(e164: string, answer: VonageAnswer, obtainedAt: Date): CallerNameResult {
  const identity = answer.caller_identity;
  return {
    e164,
    name: named(identity?.caller_name),
    type: callerTypeOf(identity?.caller_type),
    firstName: named(identity?.first_name),
    lastName: named(identity?.last_name),
    source: "live",
    provider: "vonage",
    obtainedAt: obtainedAt.toISOString(),
    cost: vonageCost(answer),
  };
}

/** A Number Insight status that is not an answer, as the error the retry policy and router expect. */
function statusError(level: string, status: number): UpstreamHttpError {
  const message = `vonage ${level}: Number Insight status ${status}`;
  const error = (kind: UpstreamHttpError["kind"], retryable: boolean) =>
    new UpstreamHttpError(message, kind, retryable, 200, null, String(status));
  if (status === 1 || status === 5) return error("upstream", true);
  if (status === 9) return error("out_of_credit", false);
  return error("rejected", false);
}

export class VonageProvider extends KindedProvider {
  protected readonly kinds: KindHandlers = {
    hlr: (e164, options) => this.#hlr(e164, options),
    mnp: (e164, options) => this.#mnp(e164, options),
    line_type: async (e164, options) =>
      mapVonageLineType(e164, await this.#get("standard", e164, options?.signal), this.#now()),
    caller_name: async (e164, options) =>
      mapVonageCallerName(e164, await this.#get("standard", e164, options?.signal, true), this.#now()),
  };
  readonly name = "vonage";
  readonly sandbox = false;
  readonly answers: readonly Answer[] = ["hlr", "mnp", "line_type", "caller_name"];
  readonly #authorization: string;
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #now: () => Date;

  constructor(options: VonageOptions) {
    super();
    if (!options.apiKey || !options.apiSecret)
      throw new Error("vonage: an API key and an API secret are required");
    this.#authorization = `Basic ${Buffer.from(`${options.apiKey}:${options.apiSecret}`).toString("base64")}`;
    this.#baseUrl = (options.baseUrl ?? "https://api.nexmo.com").replace(/\/+$/, "");
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? (() => new Date());
  }

  async #hlr(e164: string, options?: LookupCallOptions): Promise<HlrResult> {
    return mapVonageHlr(e164, await this.#get("advanced", e164, options?.signal), this.#now());
  }

  async #mnp(e164: string, options?: LookupCallOptions): Promise<MnpResult> {
    return mapVonageMnp(e164, await this.#get("standard", e164, options?.signal), this.#now());
  }

  /** `cnam`: the caller name too (billed apart by Vonage), asked only for the caller-name look-up. */
  async #get(
    level: "advanced" | "standard",
    e164: string,
    signal?: AbortSignal,
    cnam = false,
  ): Promise<VonageAnswer> {
    requireE164(e164);
    const query = new URLSearchParams({ number: e164.slice(1) });
    if (cnam) query.set("cnam", "true");
    const answer = await getJson({
      service: `vonage ${level}`,
      // The SDK's own examples send the number as international digits, without "+".
      url: `${this.#baseUrl}/ni/${level}/json?${query}`,
      headers: { authorization: this.#authorization },
      fetch: this.#fetch,
      signal,
      schema: vonageAnswers.advanced,
    });
    if (!ANSWERED.has(answer.status)) throw statusError(level, answer.status);
    return answer;
  }
}
