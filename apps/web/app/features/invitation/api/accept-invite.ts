import type { InviteAccepted } from "@nc/contracts/members";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** The signed-in user (with the invited e-mail) joins the organisation. */
export const acceptInvite = (token: string) =>
  api<InviteAccepted>("/api/tenant/pub/invite/accept/has_user", { method: "POST", body: { token } });
export const useAcceptInvite = () => useMutation({ mutationFn: acceptInvite });
