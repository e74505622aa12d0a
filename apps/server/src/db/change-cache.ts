import type { ChangeFeed } from "./change-feed";

/**
 * A read-through cache emptied whenever the database says the rows behind it changed (see
 * ChangeFeed), so every process sees a change from its next read on. Entries also expire after
 * `ttlMs`, a bound on staleness should a notification ever be lost; while the feed is not live,
 * every read goes to the database. Misses (undefined) are not kept: a key made later is found.
 */
export interface ChangeCache<V> {
  get(key: string): Promise<V | undefined>;
  /** Empties it now (the process that made the change need not wait for the notification). */
  clear(): void;
}

/**
 * The defaults: a minute at most behind a lost notification, and a bound on memory (the whole
 * cache is emptied when it is full, as after a change).
 */
const DEFAULTS = { ttlMs: 60_000, maxEntries: 10_000 };

export function changeCache<V>(
  feed: ChangeFeed,
  channel: string,
  load: (key: string) => Promise<V | undefined>,
  overrides: Partial<typeof DEFAULTS> = {},
): ChangeCache<V> {
  const options = { ...DEFAULTS, ...overrides };
  const entries = new Map<string, { value: Promise<V | undefined>; until: number }>();
  feed.subscribe(channel, () => entries.clear());

  return {
    get(key) {
      if (!feed.live) return load(key);
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (entries.size >= options.maxEntries) entries.clear();
      const value = load(key);
      const entry = { value, until: now + options.ttlMs };
      entries.set(key, entry);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      value.then((found) => found === undefined && forget(), forget);
      return value;
    },
    clear: () => entries.clear(),
  };
}
