import type { ApiUsageQuery } from "@nc/contracts/api-usage";
import { useState } from "react";
import { type Period, type PeriodPreset, presetPeriod, todayIn } from "./period";

/** One key, endpoint or service the page is narrowed to (service "none": calls without one). */
export interface UsageFilters {
  apiKeyId?: string;
  endpoint?: string;
  service?: string;
}

interface Selection {
  preset: PeriodPreset | "custom";
  period: Period;
  filters: UsageFilters;
}

/** The page's period (a preset counted from today in the organisation's time zone, or typed days) and filters. */
export function useUsageFilters(timeZone: string) {
  const [selection, setSelection] = useState<Selection>(() => ({
    preset: "last30",
    period: presetPeriod("last30", todayIn(timeZone)),
    filters: {},
  }));
  const query: ApiUsageQuery = { ...selection.period, ...selection.filters };
  return {
    ...selection,
    query,
    filtered: Object.values(selection.filters).some(Boolean),
    choosePreset: (preset: PeriodPreset) =>
      setSelection((s) => ({ ...s, preset, period: presetPeriod(preset, todayIn(timeZone)) })),
    chooseCustom: (period: Period) => setSelection((s) => ({ ...s, preset: "custom", period })),
    /** Merges filters; an undefined value clears that filter. */
    filter: (next: Partial<UsageFilters>) =>
      setSelection((s) => ({ ...s, filters: { ...s.filters, ...next } })),
    clearFilters: () => setSelection((s) => ({ ...s, filters: {} })),
  };
}

export type UsageFilterState = ReturnType<typeof useUsageFilters>;
