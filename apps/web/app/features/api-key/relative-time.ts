const STEPS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
];

/**
 * "3 minutes ago", "yesterday": an instant near `now` in words, in the page's language; null
 * from a week away, where a date says more.
 */
export function relativeTime(iso: string, locale: string, now = Date.now()): string | null {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  let value = (Date.parse(iso) - now) / 1000;
  for (const [unit, size] of STEPS) {
    if (Math.abs(value) < size) return format.format(unit === "second" ? 0 : Math.round(value), unit);
    value /= size;
  }
  return null;
}
