import { z } from "zod";

/**
 * Single sign-on per organisation over OpenID Connect (docs/security.md, "Single sign-on"): the
 * Owner's settings, the proof of each e-mail domain, and the start of a sign-in.
 */

/** A domain name as people type it after the @: lower-cased, at least two labels, no port or path. */
export const ssoDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: "invalid_domain",
  });

export const ssoSettingsBody = z.object({
  /** The IdP's issuer identifier; its discovery document is read from it. */
  issuer: z.url({ protocol: /^https?$/, error: "invalid_url" }).max(500),
  clientId: z.string().trim().min(1).max(200),
  /** Omitted to keep the stored secret (it is never answered back). */
  clientSecret: z.string().min(1).max(500).optional(),
  /** The role of people who join by signing in for the first time (just in time). */
  roleId: z.uuid(),
  /** Members whose e-mail is in a proven domain must sign in this way to use the organisation. */
  required: z.boolean(),
});
export type SsoSettingsInput = z.infer<typeof ssoSettingsBody>;

export const ssoDomainBody = z.object({ domain: ssoDomainSchema });

/** The proof by e-mail: admin@, postmaster@ or an address the Owner names, at the domain itself. */
export const ssoDomainEmailBody = z.object({
  local: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9._+-]{1,64}$/, { error: "invalid_format" }),
});
/** The code e-mailed for the proof: eight digits (it proves a whole domain, so longer than a sign-in code). */
export const SSO_DOMAIN_CODE_LENGTH = 8;
export const ssoDomainCodeBody = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{8}$/, { error: "sso_code_format" }),
});

export const ssoStartBody = z.object({
  email: z.email().max(254),
  /** The sign-in runs in a popup that posts its result back; false: a full redirect. */
  popup: z.boolean().default(true),
});

export type SsoProofMethod = "dns" | "email";

export interface SsoDomainView {
  id: string;
  domain: string;
  /** The TXT record to publish on the domain for the DNS proof. */
  txtRecord: string;
  provenAt: string | null;
  method: SsoProofMethod | null;
}

export interface SsoSettingsView {
  configured: boolean;
  issuer: string;
  clientId: string;
  /** Whether a client secret is stored (it is never answered). */
  hasClientSecret: boolean;
  roleId: string | null;
  required: boolean;
  /** The address to register at the IdP as the redirect (callback) URI, on this site's host. */
  redirectUri: string;
  domains: SsoDomainView[];
}

export interface SsoStartView {
  /** The IdP's authorization address to open (popup or full redirect). */
  url: string;
}

/** What the popup posts back to the window that opened it (strict origin check on both ends). */
export interface SsoPopupMessage {
  type: "nc-sso";
  ok: boolean;
  /** The catalogue code of a refusal, 0 when signed in. */
  code: number;
  message: string;
}
