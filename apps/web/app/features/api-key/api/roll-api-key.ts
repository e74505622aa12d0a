import type { API_KEY_ROLL_GRACE_HOURS, ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import { apiKeyKeys } from "./keys";

export type GraceHours = (typeof API_KEY_ROLL_GRACE_HOURS)[number];

/**
 * POST /api/tenant/apikey/s/:id/roll: a new key like the old one, whose secret comes back once;
 * the old key keeps working for graceHours, then stops.
 */
export const rollApiKey = ({ id, graceHours }: { id: string; graceHours: GraceHours }) =>
  api<ApiKeyCreatedView>(`/api/tenant/apikey/s/${encodeURIComponent(id)}/roll`, {
    method: "POST",
    body: { graceHours },
  });

export function useRollApiKey(tenantId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: rollApiKey,
    onSuccess: () => client.invalidateQueries({ queryKey: apiKeyKeys.all(tenantId) }),
  });
}
