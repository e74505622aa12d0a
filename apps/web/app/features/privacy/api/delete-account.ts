import type { ConfirmationBody } from "@nc/contracts/privacy";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** POST /api/tenant/uc/delete: deletes the signed-in user's account (the session ends with it). */
export const deleteAccount = (body: ConfirmationBody) =>
  api<{ deleted: boolean }>("/api/tenant/uc/delete", { method: "POST", body });
export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
