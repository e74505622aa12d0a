/** Prefix helpers shared by the prefix-list signals. */

/** An entry of a prefix list: a "+digits" prefix. */
export interface PrefixEntry {
  prefix: string;
}

/** "+44 7700-900 123", "0044…", "44…" → "+447700900123"; null when no digits are left. */
export function normalisePrefix(raw: string): string | null {
  let digits = raw.replace(/[\s\-().]/g, "");
  if (digits.startsWith("+")) digits = digits.slice(1);
  else if (digits.startsWith("00")) digits = digits.slice(2);
  return /^\d{1,15}$/.test(digits) ? `+${digits}` : null;
}

/** The longest entry whose prefix starts the E.164 number, or null. */
export function longestPrefixMatch<T extends PrefixEntry>(e164: string, entries: readonly T[]): T | null {
  let best: T | null = null;
  for (const entry of entries) {
    if (e164.startsWith(entry.prefix) && (best === null || entry.prefix.length > best.prefix.length)) {
      best = entry;
    }
  }
  return best;
}

/**
 * A tenant's list as a set of normalised prefixes: a match costs one look-up per leading digit
 * (at most 15), whatever the list's length, so a list of thousands scores millions of numbers.
 */
export class PrefixSet {
  readonly #prefixes = new Set<string>();

  constructor(entries: Iterable<string>) {
    for (const raw of entries) {
      const prefix = normalisePrefix(raw);
      if (prefix !== null) this.#prefixes.add(prefix);
    }
  }

  get size(): number {
    return this.#prefixes.size;
  }

  matches(e164: string): boolean {
    if (this.#prefixes.size === 0) return false;
    for (let end = 2; end <= e164.length; end++) if (this.#prefixes.has(e164.slice(0, end))) return true;
    return false;
  }
}

/** Whether the number equals or starts with any of the given numbers/prefixes (malformed entries are ignored). */
export function matchesAny(e164: string, list: readonly string[] | PrefixSet | undefined): boolean {
  if (!list) return false;
  if (list instanceof PrefixSet) return list.matches(e164);
  for (const raw of list) {
    if (typeof raw !== "string") continue;
    const prefix = normalisePrefix(raw);
    if (prefix !== null && e164.startsWith(prefix)) return true;
  }
  return false;
}

/** The significant digits after the country dial code (all digits when the country is unknown). */
export function nationalDigits(e164: string, dialCode: string | null | undefined): string {
  const digits = e164.replace(/\D/g, "");
  const cc = (dialCode ?? "").replace(/\D/g, "");
  return cc && digits.startsWith(cc) ? digits.slice(cc.length) : digits;
}
