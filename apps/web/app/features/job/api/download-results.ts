import type { JobItemFilter } from "@nc/contracts/jobs";
import { useMutation } from "@tanstack/react-query";
import { saveDownload } from "../../../shell/http/download";
import { itemFilterQuery } from "./job-items";
import { type JobScope, scopeQuery } from "./job-scope";

export type ResultFormat = "csv" | "xlsx";

export interface ResultDownload {
  format: ResultFormat;
  /** The filtered results, or (rejected) the rows that were not checked, with the reason. */
  filter?: JobItemFilter;
  rejected?: boolean;
  scope?: JobScope;
}

/** GET /api/tenant/job/s/:id/download: CSV (UTF-8 with BOM) or XLSX, streamed by the server. */
export const downloadResults = (tenantId: string, locale: string, id: string, d: ResultDownload) =>
  saveDownload(
    `/api/tenant/job/s/${encodeURIComponent(id)}/download`,
    {
      format: d.format,
      ...(d.rejected ? { rejected: "true" } : itemFilterQuery(d.filter ?? {})),
      ...scopeQuery(d.scope),
    },
    { tenantId, locale },
    `results.${d.format}`,
  );

export const useDownloadResults = (tenantId: string, locale: string, id: string) =>
  useMutation({ mutationFn: (d: ResultDownload) => downloadResults(tenantId, locale, id, d) });
