import type { ConfirmationBody } from "@nc/contracts/privacy";
import { useMutation } from "@tanstack/react-query";
import { saveDownload } from "../../../shell/http/download";

/** POST /api/tenant/uc/export: the signed-in person's own data as one JSON file. */
export const exportAccount = (locale: string, body: ConfirmationBody) =>
  saveDownload("/api/tenant/uc/export", {}, { tenantId: "", locale }, "my-data.json", {
    method: "POST",
    body,
  });
export const useExportAccount = (locale: string) =>
  useMutation({ mutationFn: (body: ConfirmationBody) => exportAccount(locale, body) });
