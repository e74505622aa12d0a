import {
  cannotTell,
  type LookupKind,
  type LookupProvider,
  type LookupResult,
  type LookupResults,
  NEVER_CACHED,
  signalsFor,
} from "../types";
import type { LookupContext } from "./router";

/** What each look-up kind caches: its answer. */
export type CachedValues = LookupResults;
export type CacheService = LookupKind;

export interface CacheEntry<T> {
  value: T;
  storedAt: Date;
}

/**
 * A look-up result cache, one namespace per service. The engine ships an in-memory one; the
 * product adds a database-backed one. `get` returns only entries stored at or after `notBefore`.
 */
export interface LookupCache {
  get<S extends CacheService>(
    service: S,
    e164: string,
    notBefore: Date,
  ): Promise<CacheEntry<CachedValues[S]> | null>;
  set<S extends CacheService>(
    service: S,
    e164: string,
    value: CachedValues[S],
    storedAt: Date,
  ): Promise<void>;
}

/** In-memory cache; the oldest entries go first once `maxEntries` is reached (default 100,000). */
export class MemoryLookupCache implements LookupCache {
  readonly #entries = new Map<string, CacheEntry<unknown>>();
  readonly #maxEntries: number;

  constructor(options: { maxEntries?: number } = {}) {
    this.#maxEntries = options.maxEntries ?? 100_000;
  }

  get size(): number {
    return this.#entries.size;
  }

  async get<S extends CacheService>(
    service: S,
    e164: string,
    notBefore: Date,
  ): Promise<CacheEntry<CachedValues[S]> | null> {
    const key = `${service}:${e164}`;
    const entry = this.#entries.get(key) as CacheEntry<CachedValues[S]> | undefined;
    if (!entry) return null;
    if (entry.storedAt < notBefore) {
      this.#entries.delete(key);
      return null;
    }
    return entry;
  }

  async set<S extends CacheService>(
    service: S,
    e164: string,
    value: CachedValues[S],
    storedAt: Date,
  ): Promise<void> {
    const key = `${service}:${e164}`;
    this.#entries.delete(key);
    this.#entries.set(key, { value, storedAt });
    while (this.#entries.size > this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}

export interface CacheOptions {
  /** Maximum age of a usable answer per kind (default 24 h for each). */
  maxAgeMs?: Partial<Record<CacheService, number>>;
  now?: () => Date;
  /**
   * Which answers are worth keeping (default: decided ones — none that "cannot tell", CANNOT_TELL
   * in types.ts, since those may well be different a minute later).
   */
  shouldCache?: (service: CacheService, value: LookupResult) => boolean;
}

/** Per-call options of a cached provider; the look-up context goes on to the provider (the router). */
export interface CachedLookupOptions extends LookupContext {
  signal?: AbortSignal;
  /** Skip reading the cache (the fresh answer still replaces the cached one). */
  bypassCache?: boolean;
  /** A stricter (or looser) age limit for this call. */
  maxAgeMs?: number;
}

export interface CachedProvider extends LookupProvider {
  lookup<K extends LookupKind>(
    kind: K,
    e164: string,
    options?: CachedLookupOptions,
  ): Promise<LookupResults[K]>;
}

export const DEFAULT_MAX_AGE_MS = 24 * 60 * 60 * 1000;

function decided(service: CacheService, value: LookupResult): boolean {
  return !cannotTell(service, value);
}

/**
 * Answers from the cache when it holds a young enough answer, marked source "cache" (obtainedAt
 * keeps the time the answer was really obtained); otherwise asks the provider and stores the
 * answer. The sandbox is passed straight through: its answers are free and must stay marked "sandbox".
 */
export function cached(
  provider: LookupProvider,
  cache: LookupCache,
  options: CacheOptions = {},
): CachedProvider {
  const now = options.now ?? (() => new Date());
  const shouldCache = options.shouldCache ?? decided;

  async function lookup<S extends CacheService>(
    service: S,
    e164: string,
    callOptions: CachedLookupOptions | undefined,
  ): Promise<CachedValues[S]> {
    // The whole context goes on: a router picks the route and the organisation's breaker by it.
    const call = (signal: AbortSignal | undefined) =>
      provider.lookup(service, e164, { ...callOptions, signal });
    if (provider.sandbox) return call(callOptions?.signal);
    // An answer that should carry signals a provider can give is asked afresh: the cached one may
    // lack them, and what they tell (a SIM swap) is about the last hours.
    const wantsSignals = signalsFor(service, callOptions?.signals).some((signal) =>
      provider.answers.includes(signal),
    );
    const cacheable = !NEVER_CACHED.includes(service);
    if (!callOptions?.bypassCache && !wantsSignals && cacheable) {
      const maxAgeMs = callOptions?.maxAgeMs ?? options.maxAgeMs?.[service] ?? DEFAULT_MAX_AGE_MS;
      const hit = await cache.get(service, e164, new Date(now().getTime() - maxAgeMs));
      if (hit) return { ...hit.value, source: "cache" };
    }
    const value = await call(callOptions?.signal);
    if (cacheable && shouldCache(service, value)) await cache.set(service, e164, value, now());
    return value;
  }

  return {
    name: provider.name,
    sandbox: provider.sandbox,
    answers: provider.answers,
    concurrency: provider.concurrency,
    lookup,
  };
}
