import { useMutation } from "@tanstack/react-query";
import { saveDownload } from "../../../shell/http/download";

/** GET /api/tenant/recharge/s/:id/receipt/pdf: a credited order's receipt, in the page's language. */
export const downloadReceiptPdf = (tenantId: string, locale: string, id: string) =>
  saveDownload(
    `/api/tenant/recharge/s/${encodeURIComponent(id)}/receipt/pdf`,
    {},
    { tenantId, locale },
    "receipt.pdf",
  );

export const useDownloadReceiptPdf = (tenantId: string, locale: string) =>
  useMutation({ mutationFn: (id: string) => downloadReceiptPdf(tenantId, locale, id) });
