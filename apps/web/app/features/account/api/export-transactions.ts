import { useMutation } from "@tanstack/react-query";
import { saveDownload } from "../../../shell/http/download";
import { filterQuery, type TransactionFilters } from "./transactions";

export type ExportFormat = "csv" | "xlsx";

/** GET /api/tenant/account/transactions/export: streamed by the server; the browser saves it. */
export async function downloadTransactions(
  tenantId: string,
  locale: string,
  format: ExportFormat,
  filters: TransactionFilters,
): Promise<void> {
  const query: Record<string, string> = { format };
  for (const [key, value] of Object.entries(filterQuery(filters))) if (value) query[key] = value;
  await saveDownload(
    "/api/tenant/account/transactions/export",
    query,
    { tenantId, locale },
    `transactions.${format}`,
  );
}

export const useExportTransactions = (tenantId: string, locale: string) =>
  useMutation({
    mutationFn: ({ format, filters }: { format: ExportFormat; filters: TransactionFilters }) =>
      downloadTransactions(tenantId, locale, format, filters),
  });
