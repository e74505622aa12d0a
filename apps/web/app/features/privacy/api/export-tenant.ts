import type { ConfirmationBody } from "@nc/contracts/privacy";
import { useMutation } from "@tanstack/react-query";
import { saveDownload } from "../../../shell/http/download";

/** POST /api/tenant/s/:id/export: the organisation's data as one zip, streamed by the server. */
export const exportTenant = (id: string, locale: string, body: ConfirmationBody) =>
  saveDownload(
    `/api/tenant/s/${encodeURIComponent(id)}/export`,
    {},
    { tenantId: id, locale },
    "organisation.zip",
    { method: "POST", body },
  );
export const useExportTenant = (id: string, locale: string) =>
  useMutation({ mutationFn: (body: ConfirmationBody) => exportTenant(id, locale, body) });
