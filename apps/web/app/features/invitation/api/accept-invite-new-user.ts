import type { InviteRegisterBody, InviteRegistered } from "@nc/contracts/members";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** Creates the account for the invited e-mail, signs in and joins, in one call. */
export const acceptInviteAsNewUser = (body: InviteRegisterBody) =>
  api<InviteRegistered>("/api/tenant/pub/invite/accept/no_user", { method: "POST", body });
export const useAcceptInviteAsNewUser = () => useMutation({ mutationFn: acceptInviteAsNewUser });
