import type { InviteCheck } from "@nc/contracts/members";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** What an invitation link offers; fails with 40025 once it no longer works. */
export const checkInvite = (token: string) =>
  api<InviteCheck>("/api/tenant/pub/invite/check", { method: "POST", body: { token } });
export const INVITE_CHECK_KEY = "invite-check";
export const inviteCheckQuery = (token: string) =>
  queryOptions({
    queryKey: [INVITE_CHECK_KEY, token],
    queryFn: () => checkInvite(token),
    retry: false,
    staleTime: 60_000,
  });
export const useInviteCheck = (token: string) =>
  useQuery({ ...inviteCheckQuery(token), enabled: Boolean(token) });
