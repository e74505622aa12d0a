import { z } from "zod";

/** Request bodies of the sign-up, sign-in and account calls, shared by server and forms. */
export const EMAIL_MAX = 254;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const EMAIL_CODE_LENGTH = 6;

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX)
  .pipe(z.email({ pattern: z.regexes.html5Email }));
export const emailCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { error: "code_format" });
export const captchaSchema = z.string().max(4096).optional();
export const passwordSchema = z.string().min(1).max(PASSWORD_MAX);
export const nameSchema = z.string().trim().min(1).max(64);

export const emailBody = z.object({ email: emailSchema, captcha: captchaSchema });

export const loginBody = z.object({
  email: emailSchema,
  password: passwordSchema,
  captcha: captchaSchema,
});

export const registerBody = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  code: emailCodeSchema,
  captcha: captchaSchema,
  locale: z.string().max(16).optional(),
});

export const forgetBody = z.object({
  email: emailSchema,
  code: emailCodeSchema,
  password: passwordSchema,
  captcha: captchaSchema,
});

export const changePasswordBody = z.object({ password: passwordSchema, newPassword: passwordSchema });
export const changeEmailCodeBody = z.object({ email: emailSchema });
export const changeEmailBody = z.object({ email: emailSchema, code: emailCodeSchema });
export const updateProfileBody = z.object({
  name: nameSchema.optional(),
  locale: z.string().max(16).optional(),
});

export type LoginBody = z.infer<typeof loginBody>;
export type RegisterBody = z.infer<typeof registerBody>;
export type ForgetBody = z.infer<typeof forgetBody>;

/** Session and profile as the dashboard reads them. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  locale: string | null;
}
export interface SessionInfo {
  user: SessionUser | null;
  expiresAt: string | null;
}
export interface Profile extends SessionUser {
  createdAt: string;
  passwordChangedAt: string | null;
}
