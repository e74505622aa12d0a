import { addDays, dayNumber, periodDays, USAGE_RANGE_MAX_DAYS } from "@nc/contracts/api-usage";

/** The period picker's choices; "custom" takes two days the user types. */
export const PERIOD_PRESETS = ["last7", "last30", "thisMonth", "lastMonth"] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

export interface Period {
  from: string;
  to: string;
}

/** Today (YYYY-MM-DD) in a time zone; usage days are the organisation's days, not the browser's. */
export function todayIn(timeZone: string, now = new Date()): string {
  try {
    return new Intl.DateTimeFormat("en-CA", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
    }).format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

/** The days a preset covers, counted back from `today`; both ends inclusive. */
export function presetPeriod(preset: PeriodPreset, today: string): Period {
  const monthStart = `${today.slice(0, 8)}01`;
  switch (preset) {
    case "last7":
      return { from: addDays(today, -6), to: today };
    case "last30":
      return { from: addDays(today, -29), to: today };
    case "thisMonth":
      return { from: monthStart, to: today };
    case "lastMonth": {
      const lastDay = addDays(monthStart, -1);
      return { from: `${lastDay.slice(0, 8)}01`, to: lastDay };
    }
  }
}

/** Why a typed period cannot be asked for, as an apiUsage: message key; null when it can. */
export function periodProblem(
  period: Partial<Period>,
): "periodIncomplete" | "periodBackwards" | "periodTooLong" | null {
  if (!period.from || !period.to || dayNumber(period.from) === null || dayNumber(period.to) === null)
    return "periodIncomplete";
  if (period.to < period.from) return "periodBackwards";
  if (periodDays(period.from, period.to) > USAGE_RANGE_MAX_DAYS) return "periodTooLong";
  return null;
}
