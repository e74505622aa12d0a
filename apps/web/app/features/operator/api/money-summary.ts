import type { MoneySummaryDay } from "@nc/contracts/operator";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** A range of calendar days (UTC), YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** GET /api/operator/money/summary?from=&to=: money moved per day and currency. */
export const getMoneySummary = (range: DayRange) =>
  api<MoneySummaryDay[]>("/api/operator/money/summary", { query: { ...range } });

export const moneySummaryQuery = (range: DayRange) =>
  queryOptions({
    queryKey: ["operator", "money", "summary", range.from, range.to],
    queryFn: () => getMoneySummary(range),
  });

export const useMoneySummary = (range: DayRange) => useQuery(moneySummaryQuery(range));

/**
 * The same summary as CSV (GET /api/operator/money/summary/export): a plain link, so the browser
 * downloads it with the session cookie and names it from the server's Content-Disposition.
 */
export const moneySummaryCsvHref = (range: DayRange) =>
  `/api/operator/money/summary/export?${new URLSearchParams({ ...range }).toString()}`;
