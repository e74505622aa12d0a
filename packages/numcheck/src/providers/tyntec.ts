import type { z } from "zod";
import {
  type Answer,
  type Connectivity,
  type HlrResult,
  type KindHandlers,
  type LookupCallOptions,
  type MnpResult,
  type PortedStatus,
  UnreadableAnswerError,
} from "../types";
import { costOf, flag, networkOf, text } from "./answer-parts";
import { requireE164 } from "./contract-fields";
import { getJson } from "./http-json";
import { KindedProvider } from "./kinded-provider";
import { ABSENT_CODES, INVALID_CODES, mapError } from "./map-errors";
import { type GnpAnswer, type GnvAnswer, TYNTEC_SERVER_PATH, tyntecAnswers } from "./tyntec-contract";

/**
 * Adapter for tyntec's Number Information: Global Number Verification (GNV, a live HLR query) for
 * HLR and Global Number Portability (GNP) for MNP, per the contract in tyntec-contract.ts.
 *
 *   GET {baseUrl}/nis/v1/gnv?msisdn=+E164 and /gnp, header "apiKey". callbackUrl is never sent:
 *   it would make tyntec answer later by POST, and the product needs the answer in this call.
 *
 * GNV → HlrResult:
 *   errorCode (string, "0" = none) → error, via the GSM MAP table (map-errors.ts);
 *   connectivity: an invalid-subscriber code (1, 9, 12) → invalid_msisdn; else presence "true" →
 *     connected, "false" → absent; else an absent code (5, 6, 27, 31) → absent; else undetermined
 *     (cannot tell: the router tries the next provider);
 *   imsiMCC/imsiMNC/imsiOperator/imsiCountry (subscription network) → currentNetwork; when missing and
 *     ported is "false", the range holder; none for an invalid number;
 *   nrhMCC/nrhMNC/nrhOperator/nrhCountry (number range holder) → originalNetwork;
 *   ported "true"/"false"/"unknown" → true/false/null;
 *   roaming "true"/"false"/"unknown" → roaming.roaming; when roaming, mscMCC/mscMNC/mscOperator/
 *     mscCountry (serving network) → roaming.network and roaming.country;
 *   price + currency → cost.
 * GNP → MnpResult:
 *   ported "true" → ported, "false" → not_ported, else (or with an errorCode) unknown;
 *   mcc/mnc/operator/country → currentNetwork; the original network too when not ported (GNP does
 *   not name the range holder); price + currency → cost.
 * Countries come as ISO 3166 alpha-3 ("DEU") and are given as alpha-2 ("DE").
 * HTTP: 402 → LookupError out_of_credit; 400/401/403 → rejected; 408 → timeout; 429/5xx → upstream
 * (retryable); a 200 answer with a field the adapter reads off the contract → UnreadableAnswerError
 * (http-json.ts). Fields it never reads are not checked (tyntec-contract.ts).
 */
export interface TyntecOptions {
  apiKey: string;
  /** The API's origin; default https://api.tyntec.com (the contract's server is {origin}/nis/v1). */
  baseUrl?: string;
  fetch?: typeof fetch;
  now?: () => Date;
}

function errorCodeOf(answer: { errorCode?: string | number | null }): number | null {
  const code = Number(text(answer.errorCode) ?? 0);
  return Number.isInteger(code) && code > 0 ? code : null;
}

function connectivityOf(presence: boolean | null, code: number | null): Connectivity {
  if (code !== null && INVALID_CODES.has(code)) return "invalid_msisdn";
  if (presence === true) return "connected";
  if (presence === false) return "absent";
  if (code !== null && ABSENT_CODES.has(code)) return "absent";
  return "undetermined";
}

export function mapGnv(e164: string, answer: GnvAnswer, obtainedAt: Date): HlrResult {
  const code = errorCodeOf(answer);
  const connectivity = connectivityOf(flag(answer.presence), code);
  const ported = flag(answer.ported);
  const original = networkOf({
    name: answer.nrhOperator,
    mcc: answer.nrhMCC,
    mnc: answer.nrhMNC,
    country: answer.nrhCountry,
  });
  let current = networkOf({
    name: answer.imsiOperator,
    mcc: answer.imsiMCC,
    mnc: answer.imsiMNC,
    country: answer.imsiCountry,
  });
  if (!current && ported === false) current = original;
  if (connectivity === "invalid_msisdn") current = null;
  const roaming = connectivity === "invalid_msisdn" ? null : flag(answer.roaming);
  const serving =
    roaming === true
      ? networkOf({
          name: answer.mscOperator,
          mcc: answer.mscMCC,
          mnc: answer.mscMNC,
          country: answer.mscCountry,
        })
      : null;
  return {
    e164,
    connectivity,
    error: code === null ? null : mapError(code),
    currentNetwork: current,
    originalNetwork: original,
    roaming: { roaming, network: serving, country: serving?.country ?? null },
    ported,
    source: "live",
    provider: "tyntec",
    obtainedAt: obtainedAt.toISOString(),
    cost: costOf(answer.price, answer.currency),
  };
}

export function mapGnp(e164: string, answer: GnpAnswer, obtainedAt: Date): MnpResult {
  const said = errorCodeOf(answer) === null ? flag(answer.ported) : null;
  const ported: PortedStatus = said === true ? "ported" : said === false ? "not_ported" : "unknown";
  const current = networkOf({
    name: answer.operator,
    mcc: answer.mcc,
    mnc: answer.mnc,
    country: answer.country,
  });
  return {
    e164,
    ported,
    currentNetwork: current,
    originalNetwork: ported === "not_ported" ? current : null,
    source: "live",
    provider: "tyntec",
    obtainedAt: obtainedAt.toISOString(),
    cost: costOf(answer.price, answer.currency),
  };
}

/** tyntec's problem type ("https://docs.tyntec.com/problems/…") names the error in logs. */
function problemType(body: unknown): string | null {
  const parsed = tyntecAnswers.problem.safeParse(body);
  return parsed.success ? (text(parsed.data.type) ?? text(parsed.data.title)) : null;
}

export class TyntecProvider extends KindedProvider {
  protected readonly kinds: KindHandlers = {
    hlr: (e164, options) => this.#hlr(e164, options),
    mnp: (e164, options) => this.#mnp(e164, options),
  };
  readonly name = "tyntec";
  readonly sandbox = false;
  readonly answers: readonly Answer[] = ["hlr", "mnp"];
  readonly #apiKey: string;
  readonly #baseUrl: string;
  readonly #fetch: typeof fetch;
  readonly #now: () => Date;

  constructor(options: TyntecOptions) {
    super();
    if (!options.apiKey) throw new Error("tyntec: an API key is required");
    this.#apiKey = options.apiKey;
    this.#baseUrl = (options.baseUrl ?? "https://api.tyntec.com").replace(/\/+$/, "");
    this.#fetch = options.fetch ?? fetch;
    this.#now = options.now ?? (() => new Date());
  }

  async #hlr(e164: string, options?: LookupCallOptions): Promise<HlrResult> {
    const answer = await this.#get("gnv", e164, tyntecAnswers.gnv, options?.signal);
    return mapGnv(e164, answer, this.#now());
  }

  async #mnp(e164: string, options?: LookupCallOptions): Promise<MnpResult> {
    const answer = await this.#get("gnp", e164, tyntecAnswers.gnp, options?.signal);
    return mapGnp(e164, answer, this.#now());
  }

  async #get<T extends { synchronous?: boolean | string | null }>(
    service: "gnv" | "gnp",
    e164: string,
    schema: z.ZodType<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    requireE164(e164);
    const answer = await getJson({
      service: `tyntec ${service}`,
      url: `${this.#baseUrl}${TYNTEC_SERVER_PATH}/${service}?msisdn=${encodeURIComponent(e164)}`,
      headers: { apiKey: this.#apiKey },
      fetch: this.#fetch,
      signal,
      schema,
      errorCode: problemType,
    });
    // Only a request with callbackUrl is answered later; an asynchronous answer here carries no data,
    // and asking again would pay again: the next provider is asked instead.
    if (flag(answer.synchronous) === false) {
      throw new UnreadableAnswerError(`tyntec ${service}: asynchronous answer to a synchronous request`, [
        "synchronous",
      ]);
    }
    return answer;
  }
}
