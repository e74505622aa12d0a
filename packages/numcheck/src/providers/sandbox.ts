import {
  type Answer,
  type CallerNameResult,
  type Connectivity,
  type HlrResult,
  type KindHandlers,
  type LineTypeResult,
  type LiveLineType,
  LOOKUP_KINDS,
  type LookupCallOptions,
  LookupError,
  type MnpResult,
  type Network,
  type PortedStatus,
  type SimSwapResult,
  type SmsPumpingRiskResult,
} from "../types";
import { KindedProvider } from "./kinded-provider";
import { mapError } from "./map-errors";
import { type SandboxOutcome, testOutcome } from "./sandbox-numbers";
import { sleep } from "./sleep";

export interface SandboxOptions {
  /** How long a "timeout" test number hangs before failing, unless aborted first (default 5 s). */
  timeoutDelayMs?: number;
  /** Simulated latency of every answer (default 0). */
  latencyMs?: number;
  now?: () => Date;
}

/** Home networks by dial code (plausible MCCs, invented operator names). Unknown codes: ITU test MCC 001. */
const COUNTRIES: readonly { dial: string; iso2: string | null; mcc: string }[] = [
  { dial: "1", iso2: "US", mcc: "310" },
  { dial: "33", iso2: "FR", mcc: "208" },
  { dial: "34", iso2: "ES", mcc: "214" },
  { dial: "351", iso2: "PT", mcc: "268" },
  { dial: "39", iso2: "IT", mcc: "222" },
  { dial: "44", iso2: "GB", mcc: "234" },
  { dial: "49", iso2: "DE", mcc: "262" },
  { dial: "52", iso2: "MX", mcc: "334" },
  { dial: "55", iso2: "BR", mcc: "724" },
  { dial: "61", iso2: "AU", mcc: "505" },
  { dial: "81", iso2: "JP", mcc: "440" },
  { dial: "86", iso2: "CN", mcc: "460" },
  { dial: "91", iso2: "IN", mcc: "404" },
];
const UNKNOWN_COUNTRY = { dial: "", iso2: null, mcc: "001" };
const ROAM_TO = { name: "Sandbox Roaming Partner", mcc: "262", mnc: "01", country: "DE" } as const;
const ROAM_TO_ALT = { name: "Sandbox Roaming Partner", mcc: "208", mnc: "01", country: "FR" } as const;

const E164 = /^\+[1-9]\d{6,14}$/;

/** FNV-1a, 32 bits: a stable hash so any number always gets the same sandbox answer. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

function network(e164: string, index: number): Network {
  const digits = e164.slice(1);
  const country = COUNTRIES.filter((c) => digits.startsWith(c.dial)).sort(
    (a, b) => b.dial.length - a.dial.length,
  )[0];
  const home = country ?? UNKNOWN_COUNTRY;
  const letter = "ABC"[index % 3];
  return { name: `Sandbox Mobile ${letter}`, mcc: home.mcc, mnc: `0${(index % 3) + 1}`, country: home.iso2 };
}

/** The outcome of any number: the documented one for test numbers, else derived from a hash. */
function outcomeOf(e164: string): { outcome: SandboxOutcome; hash: number } {
  const hash = fnv1a(e164);
  const documented = testOutcome(e164);
  if (documented) return { outcome: documented, hash };
  const bucket = hash % 100;
  const ported = (hash >>> 8) % 10 === 0;
  if (bucket < 80) return { outcome: ported ? "ported" : "connected", hash };
  if (bucket < 90) return { outcome: "absent", hash };
  if (bucket < 94) return { outcome: "invalid", hash };
  if (bucket < 97) return { outcome: "roaming", hash };
  return { outcome: "undetermined", hash };
}

const CONNECTIVITY: Record<SandboxOutcome, Connectivity> = {
  connected: "connected",
  absent: "absent",
  invalid: "invalid_msisdn",
  undetermined: "undetermined",
  roaming: "connected",
  ported: "connected",
  upstream_error: "undetermined",
  timeout: "undetermined",
  assumed_not_ported: "connected",
  assumed_ported: "connected",
};

const PORTED: Record<SandboxOutcome, PortedStatus> = {
  connected: "not_ported",
  absent: "not_ported",
  invalid: "unknown",
  undetermined: "unknown",
  roaming: "not_ported",
  ported: "ported",
  upstream_error: "unknown",
  timeout: "unknown",
  assumed_not_ported: "assumed_not_ported",
  assumed_ported: "assumed_ported",
};

/** The line type of each outcome (packages/numcheck/SANDBOX.md): one test number per common type. */
const LINE_TYPE: Record<SandboxOutcome, LiveLineType> = {
  connected: "mobile",
  absent: "fixed_line",
  invalid: "unknown",
  undetermined: "unknown",
  roaming: "non_fixed_voip",
  ported: "mobile",
  upstream_error: "unknown",
  timeout: "unknown",
  assumed_not_ported: "toll_free",
  assumed_ported: "premium_rate",
};

/** The SIM-swap answers (SANDBOX.md): one recent swap, one long ago, none, and cannot tell. */
const SIM_SWAP_HOURS_AGO: Partial<Record<SandboxOutcome, number | null>> = {
  absent: 36,
  ported: 90 * 24,
  invalid: null,
  undetermined: null,
};
/** The period the sandbox says it checked, as Twilio's `swapped_period`. */
const SIM_SWAP_PERIOD_HOURS = 168;

/** SMS pumping risk scores (SANDBOX.md): low, high and blocked, and cannot tell. */
const SMS_PUMPING_SCORE: Partial<Record<SandboxOutcome, number | null>> = {
  absent: 92,
  roaming: 61,
  invalid: null,
  undetermined: null,
};

/**
 * Caller names (SANDBOX.md), made-up names only: a person, a business, and cannot tell; any other
 * number is a person too.
 */
const CALLER_NAME: Partial<
  Record<SandboxOutcome, Pick<CallerNameResult, "name" | "type" | "firstName" | "lastName">>
> = {
  absent: { name: "SANDBOX BAKERY", type: "business", firstName: null, lastName: null },
  invalid: { name: null, type: null, firstName: null, lastName: null },
  undetermined: { name: null, type: null, firstName: null, lastName: null },
};
const CALLER_PERSON = {
  name: "JANE SAMPLE",
  type: "consumer",
  firstName: "Jane",
  lastName: "Sample",
} as const;

const MAP_CODE: Partial<Record<SandboxOutcome, number>> = { absent: 27, invalid: 1, undetermined: 34 };

/**
 * The default provider when no upstream is configured: free, deterministic, and every answer is
 * marked source "sandbox". Test numbers and their outcomes: packages/numcheck/SANDBOX.md.
 */
export class SandboxProvider extends KindedProvider {
  protected readonly kinds: KindHandlers = {
    hlr: (e164, options) => this.#hlr(e164, options),
    mnp: (e164, options) => this.#mnp(e164, options),
    line_type: (e164, options) => this.#lineType(e164, options),
    sim_swap: (e164, options) => this.#simSwap(e164, options),
    sms_pumping_risk: (e164, options) => this.#smsPumpingRisk(e164, options),
    caller_name: (e164, options) => this.#callerName(e164, options),
  };
  readonly name = "sandbox";
  readonly sandbox = true;
  /** Every look-up kind (docs/providers.md: "the sandbox answers every kind"). */
  readonly answers: readonly Answer[] = LOOKUP_KINDS;
  readonly #timeoutDelayMs: number;
  readonly #latencyMs: number;
  readonly #now: () => Date;

  constructor(options: SandboxOptions = {}) {
    super();
    this.#timeoutDelayMs = options.timeoutDelayMs ?? 5000;
    this.#latencyMs = options.latencyMs ?? 0;
    this.#now = options.now ?? (() => new Date());
  }

  async #hlr(e164: string, options?: LookupCallOptions): Promise<HlrResult> {
    const { outcome, hash } = await this.#begin(e164, options?.signal);
    const original = network(e164, hash >>> 12);
    const ported = PORTED[outcome];
    const current =
      outcome === "invalid" || outcome === "undetermined"
        ? null
        : ported === "ported"
          ? network(e164, (hash >>> 12) + 1)
          : original;
    const code = MAP_CODE[outcome];
    const roams = outcome === "roaming";
    const visited = original.country === "DE" ? ROAM_TO_ALT : ROAM_TO;
    return {
      e164,
      connectivity: CONNECTIVITY[outcome],
      error: code === undefined ? null : mapError(code),
      currentNetwork: current,
      originalNetwork: original,
      roaming: {
        roaming: current === null ? null : roams,
        network: roams ? { ...visited } : null,
        country: roams ? visited.country : null,
      },
      ported: ported === "ported" ? true : ported === "not_ported" ? false : null,
      source: "sandbox",
      provider: this.name,
      obtainedAt: this.#now().toISOString(),
    };
  }

  async #mnp(e164: string, options?: LookupCallOptions): Promise<MnpResult> {
    const { outcome, hash } = await this.#begin(e164, options?.signal);
    const ported = PORTED[outcome];
    const original = network(e164, hash >>> 12);
    return {
      e164,
      ported,
      currentNetwork:
        ported === "unknown" ? null : ported === "ported" ? network(e164, (hash >>> 12) + 1) : original,
      originalNetwork: original,
      source: "sandbox",
      provider: this.name,
      obtainedAt: this.#now().toISOString(),
    };
  }

  async #lineType(e164: string, options?: LookupCallOptions): Promise<LineTypeResult> {
    const { outcome, hash } = await this.#begin(e164, options?.signal);
    const lineType = LINE_TYPE[outcome];
    return {
      e164,
      lineType,
      carrier: lineType === "unknown" ? null : network(e164, hash >>> 12),
      source: "sandbox",
      provider: this.name,
      obtainedAt: this.#now().toISOString(),
    };
  }

  async #simSwap(e164: string, options?: LookupCallOptions): Promise<SimSwapResult> {
    const { outcome, hash } = await this.#begin(e164, options?.signal);
    const now = this.#now();
    const hoursAgo = outcome in SIM_SWAP_HOURS_AGO ? SIM_SWAP_HOURS_AGO[outcome] : undefined;
    const known = hoursAgo !== null;
    return {
      e164,
      swapped: known ? hoursAgo !== undefined && hoursAgo <= SIM_SWAP_PERIOD_HOURS : null,
      lastSwapAt: hoursAgo ? new Date(now.getTime() - hoursAgo * 3_600_000).toISOString() : null,
      withinHours: known ? SIM_SWAP_PERIOD_HOURS : null,
      carrier: known ? network(e164, hash >>> 12) : null,
      source: "sandbox",
      provider: this.name,
      obtainedAt: now.toISOString(),
    };
  }

  async #smsPumpingRisk(e164: string, options?: LookupCallOptions): Promise<SmsPumpingRiskResult> {
    const { outcome, hash } = await this.#begin(e164, options?.signal);
    const listed = SMS_PUMPING_SCORE[outcome];
    const score = listed === undefined ? hash % 40 : listed;
    const blocked = score !== null && score >= 90;
    return {
      e164,
      risk:
        score === null
          ? null
          : {
              score,
              carrierRisk: score >= 90 ? "high" : score >= 60 ? "moderate" : "low",
              blocked,
              blockedLast3Months: blocked,
              blockedAt: blocked ? new Date(this.#now().getTime() - 86_400_000).toISOString() : null,
            },
      source: "sandbox",
      provider: this.name,
      obtainedAt: this.#now().toISOString(),
    };
  }

  async #callerName(e164: string, options?: LookupCallOptions): Promise<CallerNameResult> {
    const { outcome } = await this.#begin(e164, options?.signal);
    return {
      e164,
      ...(CALLER_NAME[outcome] ?? CALLER_PERSON),
      source: "sandbox",
      provider: this.name,
      obtainedAt: this.#now().toISOString(),
    };
  }

  /** Validates, simulates latency, and plays out the failure outcomes. */
  async #begin(e164: string, signal?: AbortSignal): Promise<{ outcome: SandboxOutcome; hash: number }> {
    if (!E164.test(e164)) throw new LookupError(`not an E.164 number: ${e164}`, "rejected", false);
    const result = outcomeOf(e164);
    if (this.#latencyMs > 0) await sleep(this.#latencyMs, signal);
    if (signal?.aborted) throw signal.reason;
    if (result.outcome === "upstream_error") {
      throw new LookupError("sandbox: simulated upstream error", "upstream", true);
    }
    if (result.outcome === "timeout") {
      await sleep(this.#timeoutDelayMs, signal);
      throw new LookupError(`sandbox: simulated timeout after ${this.#timeoutDelayMs} ms`, "timeout", true);
    }
    return result;
  }
}

/** The sandbox for a number that is not a documented test number: what it will answer, for docs and tests. */
export function sandboxOutcome(e164: string): SandboxOutcome {
  return outcomeOf(e164).outcome;
}
