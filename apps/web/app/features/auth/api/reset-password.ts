import type { ForgetBody } from "@nc/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const resetPassword = (body: ForgetBody) =>
  api<{ reset: boolean }>("/api/tenant/pub/forget", { method: "POST", body });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
