import type { ApiUsageQuery } from "@nc/contracts/api-usage";
import { useMutation } from "@tanstack/react-query";
import { saveDownload } from "../../../shell/http/download";
import { usageQueryString } from "./api-usage";

/** GET /api/tenant/api-usage/export: one CSV line per day, key, endpoint, service and status. */
export const downloadApiUsage = (tenantId: string, locale: string, query: ApiUsageQuery) =>
  saveDownload(
    "/api/tenant/api-usage/export",
    { ...usageQueryString(query), format: "csv" },
    { tenantId, locale },
    `api-usage-${query.from}-${query.to}.csv`,
  );

export const useExportApiUsage = (tenantId: string, locale: string) =>
  useMutation({ mutationFn: (query: ApiUsageQuery) => downloadApiUsage(tenantId, locale, query) });
