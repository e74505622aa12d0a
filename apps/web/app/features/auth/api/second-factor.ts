import type { SessionInfo } from "@nc/contracts/auth";
import type { TwoFactorLoginBody } from "@nc/contracts/two-factor";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";

/** The sign-in's second step: the pending sign-in is the cookie the password step set. */
export const signInSecondFactor = (body: TwoFactorLoginBody) =>
  api<SessionInfo>("/api/tenant/pub/login/2fa", { method: "POST", body });
export const useSignInSecondFactor = () => useMutation({ mutationFn: signInSecondFactor });
