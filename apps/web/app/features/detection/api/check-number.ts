import type { DetectionCheckBody, SingleCheckView } from "@nc/contracts/detection-single";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/detection/check: one number, answered at once and charged once. */
export const checkNumber = (body: DetectionCheckBody) =>
  api<SingleCheckView>("/api/tenant/detection/check", { method: "POST", body });

export function useCheckNumber(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: checkNumber,
    // The balance, the history and this month's volume (hence the quote) may have moved.
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ["account", tenantId] }),
        client.invalidateQueries({ queryKey: ["prices", tenantId] }),
        client.invalidateQueries({ queryKey: ["detection", tenantId] }),
      ]),
  });
}
