import { TENANT_HEADER } from "@nc/contracts/tenancy";
import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../../../shell/http/api-error";
import { filterQuery, type TransactionFilters } from "./transactions";

export type ExportFormat = "csv" | "xlsx";

/**
 * GET /api/tenant/account/transactions/export: streamed by the server; the browser saves it. A
 * plain link cannot carry the organisation header, so the file is fetched and handed over as a blob.
 */
export async function downloadTransactions(
  tenantId: string,
  locale: string,
  format: ExportFormat,
  filters: TransactionFilters,
): Promise<void> {
  const params = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(filterQuery(filters))) if (value) params.set(key, value);
  const response = await fetch(`/api/tenant/account/transactions/export?${params}`, {
    headers: { [TENANT_HEADER]: tenantId, "x-locale": locale },
    credentials: "same-origin",
  });
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { code: number; msg: string } | null;
    throw new ApiError(envelope?.code ?? 50000, envelope?.msg ?? response.statusText, null, response.status);
  }
  const blob = await response.blob();
  const name =
    /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ??
    `transactions.${format}`;
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const useExportTransactions = (tenantId: string, locale: string) =>
  useMutation({
    mutationFn: ({ format, filters }: { format: ExportFormat; filters: TransactionFilters }) =>
      downloadTransactions(tenantId, locale, format, filters),
  });
