import type { ConfirmationBody } from "@nc/contracts/privacy";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/**
 * POST /api/tenant/uc/delete: starts the deletion of the signed-in user's account (every session
 * ends); signing in again before `purgeAfter` restores it.
 */
export const deleteAccount = (body: ConfirmationBody) =>
  api<{ deleted: boolean; purgeAfter: string }>("/api/tenant/uc/delete", { method: "POST", body });
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
