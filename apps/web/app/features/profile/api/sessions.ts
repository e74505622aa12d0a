import type { SessionList } from "@nc/contracts/sessions";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** The signed-in person's own sessions (docs/security.md, "Sessions"). */
export const sessionsQuery = () =>
  queryOptions({ queryKey: ["sessions"], queryFn: () => api<SessionList>("/api/tenant/uc/sessions") });
export const useSessions = () => useQuery(sessionsQuery());

function useSessionChange<B, T>(call: (body: B) => Promise<T>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: ["sessions"] }),
  });
}

export const useEndSession = () =>
  useSessionChange((id: string) =>
    api<{ ended: boolean }>(`/api/tenant/uc/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
  );
export const useEndOtherSessions = () =>
  useSessionChange(() => api<{ ended: number }>("/api/tenant/uc/sessions/end-others", { method: "POST" }));
