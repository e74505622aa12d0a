/**
 * Every permission the product uses, grouped by resource. Labels are translated under
 * `permissions:<resource>.<action>` and groups under `permissions:groups.<resource>`.
 * The server enforces these strings; the browser only hides what they guard.
 */
export const PERMISSION_CATALOG = {
  detection: ["read", "create"],
  dsp_detection: ["read"],
  dsp_service: ["read"],
  special_price: ["read"],
  standard_price: ["read"],
  dsp_standard_price: ["read"],
  account: ["read"],
  account_stmt: ["read"],
  recharge: ["create"],
  apikey: ["read", "create", "delete"],
  apikey_data: ["read"],
  tenant: ["update"],
  tenant_security: ["update"],
  tenant_user: ["read", "create", "update", "delete"],
  role: ["read", "create", "update", "delete"],
  notice: ["read"],
  audit: ["read"],
} as const;

export type PermissionResource = keyof typeof PERMISSION_CATALOG;

/**
 * One permission of the catalogue, "resource:action": route declarations on the server and the
 * web's screen table use it, so a misspelt permission does not compile.
 */
export type Permission = {
  [R in PermissionResource]: `${R}:${(typeof PERMISSION_CATALOG)[R][number]}`;
}[PermissionResource];

export const ALL_PERMISSIONS: Permission[] = Object.entries(PERMISSION_CATALOG).flatMap(
  ([resource, actions]) => actions.map((action) => `${resource}:${action}` as Permission),
);

export function isKnownPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as readonly string[]).includes(value);
}

/**
 * Permissions meant for a partner's own staff (they see all the partner's customers): they only
 * count in the partner's staff organisation, so no other organisation is offered them.
 */
export const PARTNER_ONLY_PERMISSIONS: readonly Permission[] = [
  "dsp_detection:read",
  "dsp_service:read",
  "dsp_standard_price:read",
];
const PARTNER_ONLY = new Set<string>(PARTNER_ONLY_PERMISSIONS);

/**
 * Permissions only an Owner holds (the super role): the organisation's sign-in rules
 * (docs/security.md, "Two-factor sign-in for every member"). No other role is offered them.
 */
export const OWNER_ONLY_PERMISSIONS: readonly Permission[] = ["tenant_security:update"];
const OWNER_ONLY = new Set<string>(OWNER_ONLY_PERMISSIONS);

/** GET /api/tenant/permission/catalog: what this organisation's roles may hold, by resource. */
export interface PermissionCatalogView {
  groups: Record<string, string[]>;
  permissions: string[];
}

/** The permissions a role may be given in an organisation: partner-only ones in the staff one alone. */
export function permissionsOffered(partnerStaff: boolean): string[] {
  const offered = ALL_PERMISSIONS.filter((p) => !OWNER_ONLY.has(p));
  return partnerStaff ? offered : offered.filter((p) => !PARTNER_ONLY.has(p));
}

/** The roles every organisation starts with; Owner is a super user. */
export const BUILT_IN_ROLES = {
  owner: { super: true, permissions: [] as Permission[] },
  admin: {
    super: false,
    permissions: ALL_PERMISSIONS.filter((p) => !PARTNER_ONLY.has(p) && !OWNER_ONLY.has(p)),
  },
  developer: {
    super: false,
    permissions: [
      "apikey:read",
      "apikey:create",
      "apikey:delete",
      "apikey_data:read",
      "detection:read",
      "detection:create",
      "standard_price:read",
      "special_price:read",
      "notice:read",
    ],
  },
  finance: {
    super: false,
    permissions: [
      "account:read",
      "account_stmt:read",
      "recharge:create",
      "special_price:read",
      "standard_price:read",
      "notice:read",
    ],
  },
  operator: {
    super: false,
    permissions: [
      "detection:create",
      "detection:read",
      "special_price:read",
      "standard_price:read",
      "notice:read",
    ],
  },
  viewer: {
    super: false,
    permissions: [
      "detection:read",
      "special_price:read",
      "standard_price:read",
      "tenant_user:read",
      "role:read",
      "notice:read",
    ],
  },
} as const satisfies Record<string, { super: boolean; permissions: readonly Permission[] }>;

export type BuiltInRoleKey = keyof typeof BUILT_IN_ROLES;
export const BUILT_IN_ROLE_KEYS = Object.keys(BUILT_IN_ROLES) as BuiltInRoleKey[];
