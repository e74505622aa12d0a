import {
  type Connectivity,
  type HlrResult,
  LookupError,
  type LookupKind,
  type LookupProvider,
  type MnpResult,
  type Network,
  type PortedStatus,
  type TriState,
} from "../types";
import { errorForStatus } from "./http-error";
import { ABSENT_CODES, INVALID_CODES, mapError } from "./map-errors";
import { countryOfMcc } from "./mcc";

/**
 * Adapter for tyntec's Global Number Verification (GNV, a live HLR query) and Global Number
 * Portability (GNP, a portability database query) APIs.
 *
 *   HLR: GET {base}/nis/v1/gnv?msisdn=+E164   MNP: GET {base}/nis/v1/gnp?msisdn=+E164
 *   header "apikey: <key>", answer JSON.
 *
 * Field mapping (GNV → HlrResult):
 *   presence "present" → connected; "absent" → absent; otherwise the MAP errorCode decides:
 *     1/9/12 (unknown/illegal subscriber or equipment) → invalid_msisdn, 5/6/27/31 → absent,
 *     anything else → undetermined. A presence of "invalid" or "unknownSubscriber" → invalid_msisdn.
 *   errorCode (GSM MAP; 0 or absent = none) → error {code, name, permanent} via map-errors.ts
 *   nrhMCC/nrhMNC (number range holder) [+ nrhNetworkName] → originalNetwork
 *   mcc/mnc [+ networkName | operator] or currentCarrier{name,mcc,mnc,country} → currentNetwork;
 *     when missing and ported is false, the range holder is the current network too
 *   roaming (boolean or "true"/"false") → roaming.roaming; roamingMCC/roamingMNC
 *     [+ roamingNetworkName] → roaming.network; roamingCountry or the roaming MCC's country → roaming.country
 *   ported (boolean or "true"/"false") → ported
 *   Network.country: the carrier's "country" when given, else the ISO-2 of its MCC (mcc.ts).
 * Field mapping (GNP → MnpResult):
 *   ported true → "ported", false → "not_ported", missing (or an errorCode) → "unknown"
 *   currentCarrier{name,mcc,mnc,country} or mcc/mnc [+ operator] → currentNetwork
 *   originalCarrier{...} or nrhMCC/nrhMNC → originalNetwork
 * HTTP: 2xx → mapped answer; 408 → timeout; 429/5xx → upstream (retryable, Retry-After kept);
 *   401/403/other 4xx → rejected (not retryable); network failure → upstream (retryable).
 * Results carry source "live" and provider "tyntec".
 */
export interface TyntecOptions {
  apiKey: string;
  /** Default https://api.tyntec.com */
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

interface Carrier {
  name?: string | null;
  mcc?: string | number | null;
  mnc?: string | number | null;
  country?: string | null;
}

/** The GNV and GNP answer fields this adapter reads (all optional: be liberal in what we accept). */
interface TyntecAnswer {
  requestId?: string;
  msisdn?: string;
  presence?: string | null;
  ported?: boolean | string | null;
  roaming?: boolean | string | null;
  errorCode?: number | string | null;
  mcc?: string | number | null;
  mnc?: string | number | null;
  networkName?: string | null;
  operator?: string | null;
  nrhMCC?: string | number | null;
  nrhMNC?: string | number | null;
  nrhNetworkName?: string | null;
  roamingMCC?: string | number | null;
  roamingMNC?: string | number | null;
  roamingNetworkName?: string | null;
  roamingCountry?: string | null;
  currentCarrier?: Carrier | null;
  originalCarrier?: Carrier | null;
}

const E164 = /^\+[1-9]\d{6,14}$/;

function text(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const s = String(value).trim();
  return s === "" ? null : s;
}

function triState(value: boolean | string | null | undefined): TriState {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return null;
}

function toNetwork(carrier: Carrier | null | undefined): Network | null {
  if (!carrier) return null;
  const mcc = text(carrier.mcc);
  const mnc = text(carrier.mnc);
  const name = text(carrier.name);
  if (!mcc && !mnc && !name) return null;
  return { name, mcc, mnc, country: text(carrier.country)?.toUpperCase() ?? countryOfMcc(mcc) };
}

function errorCodeOf(answer: TyntecAnswer): number | null {
  const code = Number(answer.errorCode ?? 0);
  return Number.isInteger(code) && code > 0 ? code : null;
}

function connectivityOf(presence: string | null, code: number | null): Connectivity {
  const p = presence?.toLowerCase();
  if (p === "present") return "connected";
  if (p === "absent") return "absent";
  if (p === "invalid" || p === "unknownsubscriber") return "invalid_msisdn";
  if (code !== null && INVALID_CODES.has(code)) return "invalid_msisdn";
  if (code !== null && ABSENT_CODES.has(code)) return "absent";
  return "undetermined";
}

export function mapGnv(e164: string, answer: TyntecAnswer, obtainedAt: Date): HlrResult {
  const code = errorCodeOf(answer);
  const connectivity = connectivityOf(text(answer.presence), code);
  const ported = triState(answer.ported);
  const original = toNetwork({ name: answer.nrhNetworkName, mcc: answer.nrhMCC, mnc: answer.nrhMNC });
  let current =
    toNetwork(answer.currentCarrier) ??
    toNetwork({ name: answer.networkName ?? answer.operator, mcc: answer.mcc, mnc: answer.mnc });
  if (!current && ported === false) current = original;
  if (connectivity === "invalid_msisdn") current = null;
  const roaming = triState(answer.roaming);
  const roamingNetwork =
    roaming === true
      ? toNetwork({
          name: answer.roamingNetworkName,
          mcc: answer.roamingMCC,
          mnc: answer.roamingMNC,
          country: answer.roamingCountry,
        })
      : null;
  return {
    e164,
    connectivity,
    error: code === null ? null : mapError(code),
    currentNetwork: current,
    originalNetwork: original,
    roaming: {
      roaming: connectivity === "invalid_msisdn" ? null : roaming,
      network: roamingNetwork,
      country: roamingNetwork?.country ?? null,
    },
    ported,
    source: "live",
    provider: "tyntec",
    obtainedAt: obtainedAt.toISOString(),
  };
}

export function mapGnp(e164: string, answer: TyntecAnswer, obtainedAt: Date): MnpResult {
  const flag = errorCodeOf(answer) === null ? triState(answer.ported) : null;
  const ported: PortedStatus = flag === true ? "ported" : flag === false ? "not_ported" : "unknown";
  const original =
    toNetwork(answer.originalCarrier) ??
    toNetwork({ name: answer.nrhNetworkName, mcc: answer.nrhMCC, mnc: answer.nrhMNC });
  let current =
    toNetwork(answer.currentCarrier) ??
    toNetwork({ name: answer.operator ?? answer.networkName, mcc: answer.mcc, mnc: answer.mnc });
  if (!current && ported === "not_ported") current = original;
  return {
    e164,
    ported,
    currentNetwork: current,
    originalNetwork: original,
    source: "live",
    provider: "tyntec",
    obtainedAt: obtainedAt.toISOString(),
  };
}

export class TyntecProvider implements LookupProvider {
  readonly name = "tyntec";
  readonly sandbox = false;
  readonly answers: readonly LookupKind[] = ["hlr", "mnp"];
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #now: () => Date;

  constructor(options: TyntecOptions) {
    if (!options.apiKey) throw new Error("tyntec: an API key is required");
    this.#apiKey = options.apiKey;
    this.#baseUrl = (options.baseUrl ?? "https://api.tyntec.com").replace(/\/+$/, "");
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? (() => new Date());
  }

  async hlr(e164: string, options?: { signal?: AbortSignal }): Promise<HlrResult> {
    return mapGnv(e164, await this.#get("gnv", e164, options?.signal), this.#now());
  }

  async mnp(e164: string, options?: { signal?: AbortSignal }): Promise<MnpResult> {
    return mapGnp(e164, await this.#get("gnp", e164, options?.signal), this.#now());
  }

  async #get(service: "gnv" | "gnp", e164: string, signal?: AbortSignal): Promise<TyntecAnswer> {
    if (!E164.test(e164)) throw new LookupError(`not an E.164 number: ${e164}`, "rejected", false);
    const url = `${this.#baseUrl}/nis/v1/${service}?msisdn=${encodeURIComponent(e164)}`;
    let response: Response;
    try {
      response = await this.#fetch(url, {
        headers: { apikey: this.#apiKey, accept: "application/json" },
        signal,
      });
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      throw new LookupError(
        `tyntec ${service}: network failure: ${(error as Error).message}`,
        "upstream",
        true,
      );
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {});
      throw errorForStatus(`tyntec ${service}`, response.status, response.headers.get("retry-after"));
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      if (signal?.aborted) throw signal.reason;
      throw new LookupError(`tyntec ${service}: unreadable answer`, "upstream", true);
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      throw new LookupError(`tyntec ${service}: unexpected answer shape`, "upstream", true);
    }
    return body as TyntecAnswer;
  }
}
