import type { LoginBody, SessionInfo } from "@nc/contracts/auth";
import type { SecondFactorNeeded } from "@nc/contracts/two-factor";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** A session, or (with two-factor sign-in on) the word that a code is needed next. */
export const login = (body: LoginBody) =>
  api<SessionInfo | SecondFactorNeeded>("/api/tenant/pub/login", { method: "POST", body });
export const useLogin = () => useMutation({ mutationFn: login });
