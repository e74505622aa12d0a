import type { MoneySummaryDay } from "@nc/contracts/operator";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** A range of calendar days (UTC), YYYY-MM-DD, both included. */
export interface DayRange {
  from: string;
  to: string;
}

/** The days, and one partner's customers only (a platform operator's choice; none: every partner). */
export interface SummaryFilter extends DayRange {
  partnerId?: string;
}

/** The query string of both the summary and its CSV: the days, and the partner when one is chosen. */
const summaryParams = ({ from, to, partnerId }: SummaryFilter): Record<string, string> => ({
  from,
  to,
  ...(partnerId ? { partnerId } : {}),
});

/** GET /api/operator/money/summary?from=&to=&partnerId=: money moved per day and currency. */
export const getMoneySummary = (filter: SummaryFilter) =>
  api<MoneySummaryDay[]>("/api/operator/money/summary", { query: summaryParams(filter) });

export const moneySummaryQuery = (filter: SummaryFilter) =>
  queryOptions({
    queryKey: ["operator", "money", "summary", filter.from, filter.to, filter.partnerId ?? null],
    queryFn: () => getMoneySummary(filter),
  });

export const useMoneySummary = (filter: SummaryFilter) => useQuery(moneySummaryQuery(filter));

/**
 * The same summary as CSV (GET /api/operator/money/summary/export): a plain link, so the browser
 * downloads it with the session cookie and names it from the server's Content-Disposition.
 */
export const moneySummaryCsvHref = (filter: SummaryFilter) =>
  `/api/operator/money/summary/export?${new URLSearchParams(summaryParams(filter)).toString()}`;
