import type { SessionInfo } from "@nc/contracts/auth";
import { useMutation } from "@tanstack/react-query";
import { api } from "../../../shell/http/client";
import {
  type PublicKeyCredentialRequestOptionsJSON,
  signWithPasskey,
} from "../../../shell/passkeys/webauthn";

/** Options from the server, the authenticator's signature, then the session (docs/security.md, "Passkeys"). */
async function signInWith(path: string): Promise<SessionInfo> {
  const options = await api<PublicKeyCredentialRequestOptionsJSON>(`${path}/options`, { method: "POST" });
  const response = await signWithPasskey(options);
  return api<SessionInfo>(path, { method: "POST", body: { response } });
}

/** Where each sign-in with a passkey goes: alone, or in place of the app's code. */
export const PASSKEY_SIGN_IN = {
  /** No e-mail address: the authenticator offers the site's passkeys. */
  alone: "/api/tenant/pub/login/passkey",
  /** For the pending sign-in of the password step. */
  secondFactor: "/api/tenant/pub/login/2fa/passkey",
} as const;

export const usePasskeySignIn = (kind: keyof typeof PASSKEY_SIGN_IN) =>
  useMutation({ mutationFn: () => signInWith(PASSKEY_SIGN_IN[kind]) });
