/** The expiry choices of the create form: never, a number of days from now, or a chosen date. */
export const EXPIRY_CHOICES = ["never", "30", "90", "365", "date"] as const;
export type ExpiryChoice = (typeof EXPIRY_CHOICES)[number];

const DAY_MS = 86_400_000;

/** How far the wall clock of timeZone is ahead of UTC at the instant `at` (ms). */
function offsetMs(timeZone: string, at: number): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  }).formatToParts(new Date(at));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(
    part("year"),
    part("month") - 1,
    part("day"),
    part("hour"),
    part("minute"),
    part("second"),
  );
  return wall - Math.floor(at / 1000) * 1000;
}

/**
 * The last second of a calendar day in the organisation's time zone: dates are shown in that zone,
 * so a key set to expire "on 1 March" still reads 1 March in the list, wherever the browser is.
 */
export function endOfDayIn(timeZone: string, year: number, month: number, day: number): Date {
  const wall = Date.UTC(year, month - 1, day, 23, 59, 59);
  const guess = wall - offsetMs(timeZone, wall);
  // Measured again at the guess: a daylight-saving change between the two moves the offset.
  return new Date(wall - offsetMs(timeZone, guess));
}

/** The expiresAt the API expects (ISO, UTC), or undefined for a key that never expires. */
export function expiresAtFor(
  choice: ExpiryChoice,
  date: { year: number; month: number; day: number } | undefined,
  timeZone: string,
  now = Date.now(),
): string | undefined {
  if (choice === "never") return undefined;
  if (choice === "date")
    return date ? endOfDayIn(timeZone, date.year, date.month, date.day).toISOString() : undefined;
  return new Date(now + Number(choice) * DAY_MS).toISOString();
}
