import { z } from "zod";
import { passwordSchema } from "./auth";

/**
 * Two-factor sign-in with an authenticator app (docs/security.md, "Two-factor sign-in"): the
 * bodies and answers shared by the server and the forms.
 */
export { RECOVERY_CODE_COUNT, REMEMBER_BROWSER_DAYS, TOTP_DIGITS } from "./two-factor-constants";

/** Six digits from the app; spaces people type between groups are dropped. */
export const totpCodeSchema = z
  .string()
  .transform((s) => s.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, { error: "totp_format" }));

/** Either the app's six digits or a recovery code (four groups of four letters and digits 2-7). */
export const secondFactorSchema = z
  .string()
  .max(64)
  .transform((s) => s.replace(/[\s-]+/g, "").toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z2-7]{16})$/, { error: "second_factor_format" }));

export const twoFactorLoginBody = z.object({
  code: secondFactorSchema,
  remember: z.boolean().default(false),
});
export const twoFactorEnableBody = z.object({ code: totpCodeSchema });
/** New recovery codes: a code of the app only, so a found recovery code cannot make more. */
export const twoFactorRecoveryCodesBody = twoFactorEnableBody;
export const twoFactorDisableBody = z.object({ password: passwordSchema, code: secondFactorSchema });

export type TwoFactorLoginBody = z.input<typeof twoFactorLoginBody>;

/** What the profile shows; never the secret. */
export interface TwoFactorStatus {
  enabled: boolean;
  enabledAt: string | null;
  recoveryCodesLeft: number;
}

/** The one time the secret leaves the server: for the QR code and manual entry. */
export interface TwoFactorSetup {
  secret: string;
  uri: string;
}

export interface TwoFactorEnabled {
  recoveryCodes: string[];
}

/** The sign-in's answer when the password was right and a code from the app is needed next. */
export interface SecondFactorNeeded {
  user: null;
  twoFactorRequired: true;
  /** Until when the code may be entered; after it, the password again. */
  expiresAt: string;
}
