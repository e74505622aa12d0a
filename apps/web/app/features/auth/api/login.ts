import type { LoginBody, SessionInfo } from "@nc/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

export const login = (body: LoginBody) => api<SessionInfo>("/api/tenant/pub/login", { method: "POST", body });
export const useLogin = () => useMutation({ mutationFn: login });
