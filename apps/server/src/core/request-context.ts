import type { SessionUser } from "@nc/contracts/auth";
import type { Locale } from "@nc/contracts/locales";
import type { OperatorPermission, OperatorScope } from "@nc/contracts/operator";
import type { partners } from "../db/schema/index";

/**
 * What a request carries once the HTTP layer has resolved it, and the services it asks for to do
 * so. The shapes live here, below both the HTTP layer and the features, so that http/ never imports
 * a feature: the composition root (app.ts) hands the implementations in as `app.httpServices`
 * (docs/architecture.md, "Layers").
 */

/** The partner site a request came to (by host). */
export type PartnerRow = typeof partners.$inferSelect;

/** The signed-in user behind a session cookie. */
export interface ResolvedSession {
  user: SessionUser & { partnerId: string };
  idHash: string;
  /** The session's name in the person's own list (docs/security.md, "Sessions"). */
  id: string;
  expiresAt: Date;
  /** When a second factor or the password was last proved in this session, the sign-in included. */
  stepUpAt: Date;
  /** The organisation whose single sign-on started it, else null (docs/security.md, "Single sign-on"). */
  ssoTenantId: string | null;
}

/** Who the caller is inside one organisation. */
export interface TenantContext {
  id: string;
  partnerId: string;
  name: string;
  timezoneCode: string;
  status: string;
  /** Uploads keep the file's other columns (organisation setting). */
  keepFileColumns: boolean;
  /** The organisation's two-factor rule (docs/security.md, "Two-factor sign-in for every member"). */
  requireTwoFactor: boolean;
  keysWithoutTwoFactor: boolean;
  userId: string;
  /** The person has two-factor sign-in on. */
  twoFactor: boolean;
  /**
   * The organisation requires its single sign-on and the person's e-mail is in one of its proven
   * domains (docs/security.md, "Single sign-on").
   */
  ssoRequired: boolean;
  role: { id: string; name: string; key: string | null };
  super: boolean;
  permissions: string[];
}

/**
 * An operator of the console (docs/operations.md, "The operator console"): a platform operator
 * reaches every partner, a partner operator only `partnerId`, the partner their account is on.
 */
export interface OperatorContext {
  userId: string;
  email: string;
  scope: OperatorScope;
  partnerId: string;
  permissions: OperatorPermission[];
}

/**
 * Who acted. Operators are named by their OS user when the CLI knows it; in the console, by their
 * e-mail, with their user id.
 */
export type AuditActor =
  | { type: "user"; id: string }
  | { type: "api_key"; id: string }
  | { type: "operator"; label?: string | null; id?: string }
  | { type: "system" };

/**
 * Who asked and from where, taken from the request by the route (http/audit-meta.ts) and handed
 * to services as plain values, so services never read a request.
 */
export interface AuditMeta {
  actor: AuditActor;
  ip: string | null;
  userAgent: string | null;
}

/** Who is asking: the plain facts a service needs from a request. */
export interface Caller {
  partner: PartnerRow;
  locale: Locale;
  ip: string;
  userAgent?: string;
}

/** One counter of a rate limit (see features/rate-limit). */
export interface RateLimit {
  /** Counter name, e.g. "login:ip:1.2.3.4". */
  key: string;
  max: number;
  windowMs: number;
}

/** What the HTTP layer needs of the features, built by the composition root (app.ts). */
export interface HttpServices {
  /** The configuration the HTTP layer reads (the same object as the services' configuration). */
  config: { publicUrl: string; HSTS_INCLUDE_SUBDOMAINS: boolean };
  partnerForHost(host: string): Promise<PartnerRow>;
  resolveSession(token: string | undefined): Promise<ResolvedSession | null>;
  /** The caller's context in the organisation, or null when they are not a member of it. */
  tenantContext(tenantId: string, userId: string): Promise<TenantContext | null>;
  /** The user's operator rights, or null when they are not an operator. */
  operatorContext(userId: string): Promise<OperatorContext | null>;
  /** Counts a hit on every limit; 429 when any is exceeded. */
  enforceLimits(limits: RateLimit[]): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    httpServices: HttpServices;
  }
}
