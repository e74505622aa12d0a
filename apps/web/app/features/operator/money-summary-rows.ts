import type { MoneySummaryDay } from "@nc/contracts/operator";
import type { DayRange } from "./api/money-summary";

/** This month so far, in UTC days: the console's one clock (docs/operations.md). */
export function thisMonthUtc(now: Date = new Date()): DayRange {
  const today = now.toISOString().slice(0, 10);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The services any day spent on, in a stable order ("other" last), one column each. */
export function summaryServices(days: readonly MoneySummaryDay[]): string[] {
  const codes = new Set(days.flatMap((d) => Object.keys(d.spend)));
  return [...codes].sort((a, b) => (a === "other" ? 1 : b === "other" ? -1 : a.localeCompare(b)));
}

/** A row of the table: one day and currency, or (day null) the range's total in one currency. */
export interface SummaryRow extends MoneySummaryDay {
  key: string;
  total: boolean;
}

const add = (a: string | undefined, b: string | undefined) =>
  (BigInt(a ?? "0") + BigInt(b ?? "0")).toString();

/**
 * The days as rows, then one total row per currency (amounts of different currencies are never
 * added together). Sums are exact: micro-units as BigInt.
 */
export function summaryRows(days: readonly MoneySummaryDay[]): SummaryRow[] {
  const totals = new Map<string, MoneySummaryDay>();
  for (const d of days) {
    const t = totals.get(d.currency) ?? {
      day: "",
      currency: d.currency,
      recharges: "0",
      spend: {},
      refunds: "0",
      welcome: "0",
      added: "0",
      subtracted: "0",
    };
    const spend = { ...t.spend };
    for (const [code, micros] of Object.entries(d.spend)) spend[code] = add(spend[code], micros);
    totals.set(d.currency, {
      ...t,
      recharges: add(t.recharges, d.recharges),
      spend,
      refunds: add(t.refunds, d.refunds),
      welcome: add(t.welcome, d.welcome),
      added: add(t.added, d.added),
      subtracted: add(t.subtracted, d.subtracted),
    });
  }
  return [
    ...days.map((d) => ({ ...d, key: `${d.day}/${d.currency}`, total: false })),
    ...[...totals.values()]
      .sort((a, b) => a.currency.localeCompare(b.currency))
      .map((t) => ({ ...t, key: `total/${t.currency}`, total: true })),
  ];
}
