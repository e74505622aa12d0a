import type { SeriesPoint } from "@nc/contracts/account";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** GET /api/tenant/account/series: per day (tenant time zone) closing balance and spending. */
export const getAccountSeries = (days: number) =>
  api<SeriesPoint[]>("/api/tenant/account/series", { query: { days } });

export const accountSeriesQuery = (tenantId: string, days: number) =>
  queryOptions({ queryKey: ["account", tenantId, "series", days], queryFn: () => getAccountSeries(days) });

export const useAccountSeries = (tenantId: string, days = 30) => useQuery(accountSeriesQuery(tenantId, days));
