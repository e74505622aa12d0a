import { z } from "zod";
import { dayText, splitQueryList } from "./account";

/**
 * Every action the audit log records, as `resource.action` (docs/security.md, "Audit log").
 * One catalogue for the server (what may be written), the filter and the descriptions, which
 * are translated per action in the server catalogue `audit` and the web catalogue `audit`.
 */
export const AUDIT_CATALOG = {
  auth: [
    "sign_in",
    "two_factor_enabled",
    "two_factor_disabled",
    "recovery_code_used",
    "two_factor_locked",
    "recovery_codes_regenerated",
    "browsers_forgotten",
    "session_ended",
    "other_sessions_ended",
  ],
  account: ["deletion_requested", "restored", "deleted", "exported"],
  organisation: [
    "created",
    "updated",
    "settings_updated",
    "security_updated",
    "billing_details_updated",
    "deletion_requested",
    "restored",
    "purged",
    "exported",
  ],
  member: ["role_changed", "removed", "left"],
  role: ["created", "updated", "deleted"],
  invitation: ["created", "revoked", "accepted"],
  api_key: ["created", "rolled", "revoked", "limits_changed"],
  webhook: ["created", "updated", "deleted", "secret_rotated"],
  export: ["downloaded"],
  balance: ["added", "subtracted", "refunded"],
  recharge: ["confirmed", "rejected"],
  partner: ["created", "updated"],
  operator: ["granted", "revoked"],
  price: ["set", "removed"],
  user: ["sessions_ended"],
  support: ["viewed"],
  passkey: ["added", "renamed", "removed", "signed_in", "clone_refused"],
  sso: ["configured", "domain_added", "domain_proven", "domain_removed", "signed_in", "member_created"],
} as const;

type Catalog = typeof AUDIT_CATALOG;
export type AuditResource = keyof Catalog;
export type AuditAction = { [R in AuditResource]: `${R}.${Catalog[R][number]}` }[AuditResource];

export const AUDIT_ACTIONS = Object.entries(AUDIT_CATALOG).flatMap(([resource, actions]) =>
  actions.map((action) => `${resource}.${action}`),
) as AuditAction[];
export const AUDIT_RESOURCES = Object.keys(AUDIT_CATALOG) as AuditResource[];

export const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as string[]).includes(value);

export const AUDIT_PAGE_MAX = 100;
export const AUDIT_PAGE_DEFAULT = 50;

/** `action=api_key` (every action on API keys) or `action=api_key.revoked`; repeat or comma-separate. */
const actionList = z.preprocess(
  splitQueryList,
  z
    .array(
      z.string().refine((s) => isAuditAction(s) || (AUDIT_RESOURCES as string[]).includes(s), {
        error: "invalid_value",
      }),
    )
    .max(AUDIT_ACTIONS.length)
    .optional(),
);

/** Filters of the organisation's audit log; days are calendar days in its time zone, inclusive. */
export const auditFilter = z.object({
  /** The member who acted (user id). */
  actor: z.uuid().optional(),
  action: actionList,
  from: dayText.optional(),
  to: dayText.optional(),
});
export type AuditFilterQuery = z.input<typeof auditFilter>;

export const auditListQuery = auditFilter.extend({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .refine((n) => n >= 1 && n <= AUDIT_PAGE_MAX, { error: "out_of_range" })
    .default(AUDIT_PAGE_DEFAULT),
});
export type AuditListQuery = z.input<typeof auditListQuery>;

export type AuditActorType = "user" | "api_key" | "operator" | "system";

export interface AuditEventView {
  id: string;
  action: AuditAction;
  actor: {
    type: AuditActorType;
    id: string | null;
    /** The member's name, the API key's name, or the operator's OS user. */
    name: string | null;
    email: string | null;
  };
  target: { type: string; id: string } | null;
  /** Before/after and the names at the time (never secrets). */
  details: Record<string, unknown>;
  /** What happened, in the reader's language. */
  description: string;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
}

export interface AuditPage {
  data: AuditEventView[];
  nextCursor: string | null;
}
