import { useMutation } from "@tanstack/react-query";
import { saveDownload } from "../../../shell/http/download";
import { type AuditFilters, auditQuery } from "./audit-events";

/** GET /api/tenant/audit/export: the filtered log as CSV, streamed by the server. */
export async function downloadAudit(tenantId: string, locale: string, filters: AuditFilters): Promise<void> {
  const query: Record<string, string> = {};
  for (const [key, value] of Object.entries(auditQuery(filters))) if (value) query[key] = value;
  await saveDownload("/api/tenant/audit/export", query, { tenantId, locale }, "audit.csv");
}

export const useExportAudit = (tenantId: string, locale: string) =>
  useMutation({ mutationFn: (filters: AuditFilters) => downloadAudit(tenantId, locale, filters) });
