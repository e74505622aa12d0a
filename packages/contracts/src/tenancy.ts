import { z } from "zod";
import { nameSchema } from "./auth";

/** Organisations, roles and members as the dashboard API speaks of them. */
export {
  MAX_TENANTS_PER_USER,
  TENANT_COOKIE_MAX_AGE_S,
  TENANT_COOKIE_PREFIX,
  TENANT_HEADER,
  tenantCookieName,
} from "./tenant-selection";

export const timezoneSchema = z
  .string()
  .min(1)
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { error: "invalid_timezone" },
  );

export const createTenantBody = z.object({ name: nameSchema, timezoneCode: timezoneSchema.default("UTC") });
export const updateTenantBody = z.object({
  name: nameSchema,
  timezoneCode: timezoneSchema.optional(),
  /** Uploads keep the file's other columns for the results file; off: only the number is stored. */
  keepFileColumns: z.boolean().optional(),
});

/**
 * The organisation's two-factor rule (Owners only, docs/security.md, "Two-factor sign-in for every
 * member"): every member must have two-factor sign-in; API keys of members without it work only
 * when `keysWithoutTwoFactor` is on.
 */
export const tenantSecurityBody = z.object({
  requireTwoFactor: z.boolean(),
  keysWithoutTwoFactor: z.boolean(),
});
export type TenantSecurity = z.infer<typeof tenantSecurityBody>;

export const roleBody = z.object({
  name: nameSchema,
  permissions: z.array(z.string().min(3).max(64)).max(100),
});

export interface RoleRef {
  id: string;
  name: string;
  /** Built-in role key (owner, admin...), null for custom roles. */
  key: string | null;
}

export interface TenantSummary {
  tenantId: string;
  name: string;
  timezoneCode: string;
  status: string;
  role: RoleRef;
  super: boolean;
  createdAt: string;
  /** While the organisation waits to be deleted: when its data will be removed. */
  purgeAfter: string | null;
  /** Every member must have two-factor sign-in to reach it. */
  requireTwoFactor: boolean;
  /** It requires two-factor sign-in and this person has not set it up: they cannot open it yet. */
  twoFactorNeeded: boolean;
}

export interface TenantUserProfile {
  permissions: string[];
  super: boolean;
  role: RoleRef;
  tenant: {
    id: string;
    name: string;
    timezoneCode: string;
    status: string;
    keepFileColumns: boolean;
    requireTwoFactor: boolean;
    keysWithoutTwoFactor: boolean;
  };
}

export interface RoleDetail extends RoleRef {
  super: boolean;
  builtIn: boolean;
  permissions: string[];
  memberCount: number;
  createdAt: string;
}

/** The cookie that remembers a user's active organisation (docs/architecture.md, "Organisations and access"). */
