import { z } from "zod";
import { BALANCE_MAX_MICROS, parseAmountToMicros } from "./money";
import type { Permission } from "./permission-catalog";
import { firstPermissionNotHeld, type PermissionHolder } from "./permissions";

/** What a key may do on the public API (/api/v1). */
export const API_KEY_SCOPES = ["check", "jobs:write", "jobs:read", "usage:read"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * The dashboard rights each scope speaks with. A key speaks for its creator, so a scope is given
 * only to a creator whose role holds every one of these, and works only while it still does
 * (docs/security.md, "Roles and rights inside an organisation"): a key never does what its
 * creator may not do on the dashboard.
 */
export const API_KEY_SCOPE_PERMISSIONS = {
  check: ["detection:create"],
  "jobs:write": ["detection:create"],
  "jobs:read": ["detection:read"],
  // The balance (the account page) and the calls per day (the API usage page).
  "usage:read": ["account:read", "apikey_data:read"],
} as const satisfies Record<ApiKeyScope, readonly Permission[]>;

/** The first right behind `scope` that the holder lacks, or null when they may give it to a key. */
export function scopePermissionNotHeld(holder: PermissionHolder, scope: ApiKeyScope): Permission | null {
  return firstPermissionNotHeld(holder, API_KEY_SCOPE_PERMISSIONS[scope]);
}

/** live keys check for real and are charged; test keys answer from the sandbox, free. */
export const API_KEY_MODES = ["live", "test"] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

export const API_KEY_NAME_MAX = 80;
/** Most active keys one organisation may hold. */
export const API_KEYS_MAX = 50;
/** Most entries of a key's IP allow-list. */
export const API_KEY_IPS_MAX = 20;
/** Grace periods offered when a key is rolled (hours the old key keeps working). */
export const API_KEY_ROLL_GRACE_HOURS = [0, 1, 24, 72, 168] as const;

/** An IPv4/IPv6 address, optionally with a /prefix length. */
const ipOrCidr = z
  .string()
  .trim()
  .max(64)
  .refine((v) => /^[0-9a-fA-F:.]+(\/\d{1,3})?$/.test(v), { error: "invalid_format" });

/**
 * A spend limit (docs/api.md, "Spend limits"): a positive amount in the account's currency, at
 * most six decimals; null: no limit.
 */
const spendLimit = z
  .string()
  .trim()
  .refine(
    (s) => {
      const micros = parseAmountToMicros(s);
      return micros !== null && micros > 0n && micros <= BALANCE_MAX_MICROS;
    },
    { error: "operator_amount_invalid" },
  )
  .nullable();

/** POST /api/tenant/apikey/s/:id/limits: the key's daily and monthly spend limits (UTC). */
export const apiKeyLimitsBody = z.object({ dailyLimit: spendLimit, monthlyLimit: spendLimit });
export type ApiKeyLimitsBody = z.infer<typeof apiKeyLimitsBody>;

/** POST /api/tenant/apikey */
export const apiKeyCreateBody = z.object({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
  scopes: z.array(z.enum(API_KEY_SCOPES)).min(1),
  mode: z.enum(API_KEY_MODES),
  /** ISO date-time; absent: never expires. Must lie in the future. */
  expiresAt: z.iso.datetime({ offset: true, error: "invalid_format" }).optional(),
  ipAllowList: z.array(ipOrCidr).max(API_KEY_IPS_MAX).optional(),
  dailyLimit: spendLimit.optional(),
  monthlyLimit: spendLimit.optional(),
});
export type ApiKeyCreateBody = z.input<typeof apiKeyCreateBody>;

/** POST /api/tenant/apikey/s/:id/roll */
export const apiKeyRollBody = z.object({
  graceHours: z.union(API_KEY_ROLL_GRACE_HOURS.map((h) => z.literal(h))),
});

/** A key as listed: never the secret, only its visible ends. */
export interface ApiKeyView {
  id: string;
  name: string;
  mode: ApiKeyMode;
  scopes: ApiKeyScope[];
  /** e.g. "nc_live_4f3k…abcd": prefix and the last four characters. */
  hint: string;
  ipAllowList: string[];
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  createdBy: { id: string; name: string } | null;
  /** Set when revoked, or when rolled: the time it stops (stopped) working. */
  revokedAt: string | null;
  /** active, expired, revoked, or rolled (still working until revokedAt). */
  status: "active" | "expired" | "revoked" | "rolling";
  spend: ApiKeySpendView;
}

/** A key's spend limits and what it spent in the current UTC day and month (micros as strings). */
export interface ApiKeySpendView {
  currency: string;
  dailyLimitMicros: string | null;
  monthlyLimitMicros: string | null;
  todayMicros: string;
  thisMonthMicros: string;
}

/** The answer to create and roll: the only time the full key is shown. */
export interface ApiKeyCreatedView {
  key: ApiKeyView;
  secret: string;
}
