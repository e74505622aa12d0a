import {
  cannotTell,
  type LiveSignal,
  LookupError,
  type LookupKind,
  type LookupProvider,
  type LookupResults,
  type ProviderCost,
  signalsFor,
  UnreadableAnswerError,
} from "../types";
import { CircuitBreaker, type CircuitState } from "./circuit-breaker";
import { FairSemaphore } from "./fair-semaphore";
import { ProviderStats, type ProviderStatsSnapshot } from "./provider-stats";
import { type RetryOptions, retry } from "./retry";
import { StragglerPool } from "./straggler";
import { withTimeout } from "./with-timeout";

/**
 * Sends each look-up to the first provider of an ordered list that can answer it, and on to the
 * next when one is skipped, fails or cannot tell (docs/providers.md):
 *
 * - the list is the most specific route for the look-up's kind: partner and country, then
 *   partner, then country, then the default; providers that do not answer the kind are left out;
 * - breakers are per provider and organisation, so one organisation's bad numbers never fail
 *   another's checks; a provider is skipped for everyone only when the breakers of `spread`
 *   organisations are open at once (that is the provider failing, not one tenant's traffic);
 * - concurrency is bounded per provider and shared fairly (FairSemaphore): one organisation alone
 *   may use every slot, and when several wait, a freed slot goes to the one with the fewest calls
 *   in flight, so one bulk job neither stays below the limit nor makes others queue behind it;
 * - "cannot tell" (CANNOT_TELL in types.ts) goes to the next provider, and is answered
 *   only when no other provider could tell;
 * - one deadline bounds the whole look-up (every attempt at every provider, queueing and back-off
 *   included); each call gets the smaller of its provider's timeout and what is left of it;
 * - an answer that cannot be read is never asked again of the provider that gave it (it was paid
 *   for): it counts against that provider's breaker and the next provider is asked;
 * - each call's latency and outcome are counted for the operator (`health()`) and handed to
 *   `onCall` with the look-up's kind and country.
 */

/** The kinds a route names: every look-up kind (LOOKUP_KINDS). */
export type RoutedKind = LookupKind;

export interface RouteRule {
  kind: RoutedKind;
  /** ISO-2 of the number; absent: any country. */
  country?: string;
  /** Partner id; absent: any partner. */
  partner?: string;
  /** Provider names, in order of preference. */
  providers: string[];
  /**
   * A default route (no LOOKUP_ROUTES setting): for a look-up whose service needs signals, the
   * providers that answer more of them go first, the order kept otherwise.
   */
  byNeeds?: boolean;
}

/** Who a look-up is for: routes and breakers depend on it. */
export interface LookupContext {
  tenantId?: string | null;
  partnerId?: string | null;
  /** ISO-2 of the number when the caller knows it (from the basic check). */
  country?: string | null;
  signal?: AbortSignal;
  /** The signals the service needs beside the answer (its descriptor's `needs.signals`). */
  signals?: readonly LiveSignal[];
}

export interface ProviderLimits {
  /** Calls in flight at once to this provider (default 10). */
  concurrency?: number;
  /** Time allowed for one call, queueing excluded (default 10 s). */
  timeoutMs?: number;
}

export type RouterEvent =
  | { type: "out_of_credit"; provider: string }
  | { type: "unreadable"; provider: string; fields: readonly string[] }
  | { type: "breaker"; provider: string; tenantId: string; state: CircuitState };

/**
 * One call to a provider as it ended, for whoever keeps figures per country (the server's
 * coverage statistics): `answered` when the provider gave an answer, not when it failed.
 */
export interface RouterCall {
  provider: string;
  kind: RoutedKind;
  /** ISO-2 of the number when the caller knew it, else null. */
  country: string | null;
  latencyMs: number;
  answered: boolean;
}

export interface RouterOptions {
  providers: LookupProvider[];
  routes: RouteRule[];
  limits?: Record<string, ProviderLimits>;
  breaker?: { failureThreshold?: number; cooldownMs?: number };
  /** Open organisation breakers that take a provider out for everyone (default 3). */
  spread?: number;
  retry?: Omit<RetryOptions, "signal">;
  /**
   * Time one look-up may take in all, every attempt at every provider included (default 8 s;
   * docs/providers.md, "Routing settings"). At the deadline it fails with a LookupError "timeout".
   */
  deadlineMs?: number;
  /**
   * A call still running after this long gives its provider slot back (up to the provider's limit
   * of such calls) and runs on to its answer or the deadline (default 1 s, 0 turns it off;
   * docs/providers.md, "Stragglers").
   */
  stragglerMs?: number;
  now?: () => number;
  onEvent?: (event: RouterEvent) => void;
  /** Told of every provider call as it ends; must not throw or block (it runs on the call's path). */
  onCall?: (call: RouterCall) => void;
}

export interface ProviderHealth {
  name: string;
  answers: readonly string[];
  /** "open" when the provider is skipped for everyone; "closed" otherwise. */
  breaker: "open" | "closed";
  /** Organisations whose breaker for this provider is open now. */
  openTenants: number;
  /** `stragglers`: calls running on after they gave their slot back. */
  concurrency: { limit: number; active: number; waiting: number; stragglers: number };
  lastHour: ProviderStatsSnapshot;
}

export interface RoutedProvider extends LookupProvider {
  lookup<K extends LookupKind>(kind: K, e164: string, context?: LookupContext): Promise<LookupResults[K]>;
  health(): ProviderHealth[];
  /** Calls all providers take at once (their limits together): what a bulk worker can keep busy. */
  readonly concurrency: number;
  /** The provider names a look-up would try, in order (for docs and tests). */
  chain(kind: RoutedKind, context?: LookupContext): string[];
}

const NO_TENANT = "-";
/** A call with less of the look-up's deadline left than this could not be answered in time. */
const MIN_CALL_MS = 10;
/** Organisation breakers kept per provider before idle ones are dropped. */
const MAX_TENANT_ENTRIES = 10_000;

interface Slot {
  provider: LookupProvider;
  limit: number;
  timeoutMs: number;
  semaphore: FairSemaphore;
  stragglers: StragglerPool;
  stats: ProviderStats;
  breakers: Map<string, CircuitBreaker>;
}

export function createRouter(options: RouterOptions): RoutedProvider {
  const now = options.now ?? Date.now;
  const spread = options.spread ?? 3;
  const deadlineMs = options.deadlineMs ?? 8_000;
  const slots = new Map<string, Slot>();
  for (const provider of options.providers) {
    const limit = options.limits?.[provider.name]?.concurrency ?? 10;
    slots.set(provider.name, {
      provider,
      limit,
      timeoutMs: options.limits?.[provider.name]?.timeoutMs ?? 10_000,
      semaphore: new FairSemaphore(limit),
      stragglers: new StragglerPool(limit, options.stragglerMs ?? 1_000),
      stats: new ProviderStats(now),
      breakers: new Map(),
    });
  }
  for (const route of options.routes) {
    for (const name of route.providers) {
      if (!slots.has(name)) throw new Error(`look-up route names an unknown provider: ${name}`);
    }
  }
  const sandbox = options.providers.length > 0 && options.providers.every((p) => p.sandbox);

  function chain(kind: RoutedKind, context: LookupContext = {}): string[] {
    let best: RouteRule | undefined;
    let bestScore = -1;
    for (const rule of options.routes) {
      if (rule.kind !== kind) continue;
      if (rule.partner && rule.partner !== context.partnerId) continue;
      if (rule.country && rule.country !== context.country?.toUpperCase()) continue;
      const score = (rule.partner ? 2 : 0) + (rule.country ? 1 : 0);
      if (score > bestScore) {
        best = rule;
        bestScore = score;
      }
    }
    const names = (best?.providers ?? []).filter((name) => slots.get(name)!.provider.answers.includes(kind));
    const wanted = signalsFor(kind, context.signals);
    if (!best?.byNeeds || wanted.length === 0) return names;
    // Routing by what the service needs: a stable sort, so the configured order breaks ties.
    const answered = (name: string) =>
      wanted.filter((signal) => slots.get(name)!.provider.answers.includes(signal)).length;
    return names.toSorted((a, b) => answered(b) - answered(a));
  }

  function openTenants(slot: Slot): number {
    let open = 0;
    for (const breaker of slot.breakers.values()) if (breaker.state === "open") open += 1;
    return open;
  }

  function breakerOf(slot: Slot, tenantId: string): CircuitBreaker {
    let breaker = slot.breakers.get(tenantId);
    if (!breaker) {
      if (slot.breakers.size >= MAX_TENANT_ENTRIES)
        dropIdle(slot.breakers, (b) => b.state === "closed" && b.consecutiveFailures === 0);
      breaker = new CircuitBreaker({
        ...options.breaker,
        now,
        onStateChange: (state) =>
          options.onEvent?.({ type: "breaker", provider: slot.provider.name, tenantId, state }),
      });
      slot.breakers.set(tenantId, breaker);
    }
    return breaker;
  }

  /**
   * One provider, with its organisation's breaker, its fair share of slots, a timeout and retries.
   * `signal` aborts at the look-up's deadline (or when the caller gives up); each call may take
   * the provider's timeout or what is left until `deadline`, whichever is less.
   */
  async function ask<T>(
    slot: Slot,
    who: { tenantId: string; kind: RoutedKind; country: string | null },
    call: (signal: AbortSignal) => Promise<T>,
    signal: AbortSignal,
    deadline: number,
  ): Promise<T> {
    const { tenantId } = who;
    const breaker = breakerOf(slot, tenantId);
    const ended = (latencyMs: number, answered: boolean) =>
      options.onCall?.({
        provider: slot.provider.name,
        kind: who.kind,
        country: who.country,
        latencyMs,
        answered,
      });
    return retry(
      () =>
        breaker.run(async () =>
          slot.stragglers.hold(await slot.semaphore.acquire(tenantId, signal), async () => {
            const started = now();
            try {
              const timeoutMs = Math.max(1, Math.min(slot.timeoutMs, deadline - Date.now()));
              const value = await withTimeout(call, timeoutMs, signal);
              const latencyMs = now() - started;
              slot.stats.record(latencyMs, "ok", (value as { cost?: ProviderCost | null } | null)?.cost);
              ended(latencyMs, true);
              return value;
            } catch (error) {
              const credit = error instanceof LookupError && error.kind === "out_of_credit";
              const latencyMs = now() - started;
              slot.stats.record(latencyMs, credit ? "out_of_credit" : "error");
              ended(latencyMs, false);
              if (credit) options.onEvent?.({ type: "out_of_credit", provider: slot.provider.name });
              if (error instanceof UnreadableAnswerError) {
                options.onEvent?.({
                  type: "unreadable",
                  provider: slot.provider.name,
                  fields: error.fields,
                });
              }
              throw error;
            }
          }),
        ),
      {
        ...options.retry,
        signal,
        // Another provider may answer: a credit error or a refusal is not worth a second try here,
        // nor an answer that cannot be read (it is not retryable: asking again would pay again).
        isRetryable: (error) =>
          error instanceof LookupError &&
          error.retryable &&
          error.kind !== "circuit_open" &&
          error.kind !== "out_of_credit",
      },
    );
  }

  async function route<K extends LookupKind>(
    kind: K,
    e164: string,
    context: LookupContext = {},
  ): Promise<LookupResults[K]> {
    const names = chain(kind, context);
    if (names.length === 0) throw new LookupError(`no provider answers ${kind}`, "rejected", false);
    const tenantId = context.tenantId ?? NO_TENANT;
    const deadline = Date.now() + deadlineMs;
    const outOfTime = () =>
      new LookupError(`${kind}: no answer within the look-up's ${deadlineMs} ms`, "timeout", true);
    const expired = new AbortController();
    const timer = setTimeout(() => expired.abort(outOfTime()), deadlineMs);
    const signal = context.signal ? AbortSignal.any([context.signal, expired.signal]) : expired.signal;
    let undecided: LookupResults[K] | null = null;
    let lastError: unknown = null;
    try {
      for (const name of names) {
        // No provider is asked with (almost) nothing left: what is known is answered, else the timeout.
        if (expired.signal.aborted || deadline - Date.now() < MIN_CALL_MS) {
          lastError = outOfTime();
          break;
        }
        const slot = slots.get(name)!;
        if (openTenants(slot) >= spread) {
          lastError = new LookupError(`${name}: out of service`, "circuit_open", true);
          continue;
        }
        try {
          const value = await ask(
            slot,
            { tenantId, kind, country: context.country?.toUpperCase() ?? null },
            (callSignal) =>
              slot.provider.lookup(kind, e164, {
                signal: callSignal,
                signals: signalsFor(kind, context.signals),
              }),
            signal,
            deadline,
          );
          if (!cannotTell(kind, value)) return value;
          undecided ??= value;
        } catch (error) {
          if (context.signal?.aborted) throw error;
          lastError = error;
        }
      }
    } finally {
      clearTimeout(timer);
    }
    if (undecided) return undecided;
    throw lastError;
  }

  return {
    name: sandbox ? "sandbox" : "router",
    sandbox,
    answers: [...new Set(options.providers.flatMap((p) => p.answers))],
    concurrency: [...slots.values()].reduce((sum, slot) => sum + slot.limit, 0),
    chain,
    lookup: route,
    health: () =>
      [...slots.values()].map((slot) => {
        const open = openTenants(slot);
        return {
          name: slot.provider.name,
          answers: slot.provider.answers,
          breaker: open >= spread ? "open" : "closed",
          openTenants: open,
          concurrency: {
            limit: slot.limit,
            active: slot.semaphore.active,
            waiting: slot.semaphore.waiting,
            stragglers: slot.stragglers.out,
          },
          lastHour: slot.stats.lastHour(),
        };
      }),
  };
}

function dropIdle<T>(map: Map<string, T>, idle: (value: T) => boolean): void {
  for (const [key, value] of map) if (idle(value)) map.delete(key);
}
