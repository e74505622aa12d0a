import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** Declines an invitation; no account needed. */
export const rejectInvite = (token: string) =>
  api<{ rejected: boolean }>("/api/tenant/pub/invite/reject", { method: "POST", body: { token } });
export const useRejectInvite = () => useMutation({ mutationFn: rejectInvite });
