/**
 * Answers per key remembered for `ttlMs` (the promise itself, so callers arriving while it is
 * computed share it); a failed answer is forgotten at once. Keys are few (partners, or one).
 */
export function ttlMemo<V>(ttlMs: number, now: () => number, compute: (key: string) => Promise<V>) {
  const kept = new Map<string, { at: number; value: Promise<V> }>();
  return (key: string): Promise<V> => {
    const hit = kept.get(key);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    if (kept.size > 1_000) kept.clear();
    const value = compute(key);
    kept.set(key, { at: now(), value });
    value.catch(() => {
      if (kept.get(key)?.value === value) kept.delete(key);
    });
    return value;
  };
}
