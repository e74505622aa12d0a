import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/browser";

/**
 * The browser's side of passkeys (docs/security.md, "Passkeys"). The library is loaded when a
 * passkey action starts, not with the page, so the sign-in page stays light.
 */
const library = () => import("@simplewebauthn/browser");

export type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON };

/** Asks the authenticator for a new passkey with the server's options. */
export async function createPasskey(
  optionsJSON: PublicKeyCredentialCreationOptionsJSON,
): Promise<RegistrationResponseJSON> {
  const { startRegistration } = await library();
  return startRegistration({ optionsJSON });
}

/** Asks the authenticator to sign the server's challenge with one of its passkeys. */
export async function signWithPasskey(
  optionsJSON: PublicKeyCredentialRequestOptionsJSON,
): Promise<AuthenticationResponseJSON> {
  const { startAuthentication } = await library();
  return startAuthentication({ optionsJSON });
}

/** Whether this browser can use passkeys at all (no WebAuthn: the buttons are not offered). */
export const passkeysSupported = () =>
  typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";

/**
 * What the browser's own refusal means for the person, as a key of the `common` catalogue:
 * the authenticator already holds a passkey of this account, or the request was cancelled, timed
 * out or found no passkey for this site. Null for anything else (an answer of the server).
 */
export function ceremonyRefusal(error: unknown): "passkey.exists" | "passkey.cancelled" | null {
  if (!(error instanceof Error)) return null;
  const raw = (error as { code?: unknown }).code;
  // The library names its refusals with a text code; the server's errors carry a number.
  const code = typeof raw === "string" ? raw : "";
  if (error.name === "InvalidStateError" || code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED")
    return "passkey.exists";
  const browser = ["NotAllowedError", "AbortError", "SecurityError", "NotSupportedError", "UnknownError"];
  return browser.includes(error.name) || code.startsWith("ERROR_") ? "passkey.cancelled" : null;
}
