import { z } from "zod";

/**
 * Passkeys (docs/security.md, "Passkeys"): the bodies and answers shared by the server and the
 * pages. The browser's WebAuthn answers are checked here for shape and size only; what they prove
 * is checked by the server.
 */

/** Passkeys one account may hold. */
export const PASSKEY_MAX = 10;
/** How long a passkey request may be answered. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

export const passkeyNameSchema = z.string().trim().min(1).max(64);

const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);
const credentialId = b64url(1400).min(1);
const transports = z.array(z.enum(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"])).max(8);
/** Extensions are not used; the browser's (possibly empty) results are accepted as an object. */
const extensions = z.record(z.string(), z.unknown()).refine((o) => JSON.stringify(o).length <= 2048);
const attachment = z.enum(["platform", "cross-platform"]).optional();

/** A `PublicKeyCredential.toJSON()`: the same envelope around either ceremony's response. */
const credential = <T extends z.ZodRawShape>(response: T) =>
  z.object({
    id: credentialId,
    rawId: credentialId,
    type: z.literal("public-key"),
    response: z.object(response),
    authenticatorAttachment: attachment,
    clientExtensionResults: extensions,
  });

/** The answer of `navigator.credentials.create()`. */
export const registrationResponseSchema = credential({
  clientDataJSON: b64url(4096),
  attestationObject: b64url(16_384),
  authenticatorData: b64url(16_384).optional(),
  transports: transports.optional(),
  publicKeyAlgorithm: z.number().int().optional(),
  publicKey: b64url(4096).optional(),
});

/** The answer of `navigator.credentials.get()`. */
export const authenticationResponseSchema = credential({
  clientDataJSON: b64url(4096),
  authenticatorData: b64url(16_384),
  signature: b64url(1024),
  userHandle: b64url(128).optional(),
});

export const passkeyRegisterBody = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export const passkeyRenameBody = z.object({ name: passkeyNameSchema });
export const passkeySignInBody = z.object({ response: authenticationResponseSchema });
export const passkeyIdParams = z.object({ id: z.uuid() });

export type PasskeyRegisterBody = z.input<typeof passkeyRegisterBody>;
export type PasskeySignInBody = z.input<typeof passkeySignInBody>;

/** One passkey as the profile lists it; never its key. */
export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}
