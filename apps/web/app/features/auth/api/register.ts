import type { RegisterBody, SessionInfo } from "@nc/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const register = (body: RegisterBody) =>
  api<SessionInfo>("/api/tenant/pub/register", { method: "POST", body });
export const useRegister = () => useMutation({ mutationFn: register });
