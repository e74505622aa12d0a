import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import type { TenantContext } from "../../core/request-context";
import { roles, tenantMembers, tenants, users, userTwoFactor } from "../../db/schema/index";

/**
 * The organisation requires its single sign-on and the person's e-mail is in one of its proven
 * domains (docs/security.md, "Single sign-on").
 */
const ssoRequiredOf = (tenantId: string, userId: string) =>
  sql<boolean>`exists (
    select 1 from sso_configs c
    join sso_domains d on d.tenant_id = c.tenant_id and d.proven_at is not null
    join users u on u.id = ${userId}
    where c.tenant_id = ${tenantId} and c.required
      and d.domain = lower(split_part(u.email, '@', 2)))`.mapWith(Boolean);

/** Whether the person has two-factor sign-in on (a row with enabled_at; none when off). */
const TWO_FACTOR_ON = sql<boolean>`(${userTwoFactor.enabledAt} is not null)`.mapWith(Boolean);

export async function loadTenantContext(
  db: Db,
  tenantId: string,
  userId: string,
): Promise<TenantContext | null> {
  const [row] = await db
    .select({
      tenant: tenants,
      role: roles,
      twoFactor: TWO_FACTOR_ON,
      ssoRequired: ssoRequiredOf(tenantId, userId),
    })
    .from(tenantMembers)
    .innerJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
    .innerJoin(roles, eq(roles.id, tenantMembers.roleId))
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, tenantMembers.userId))
    .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, userId)));
  if (!row) return platformAdminContext(db, tenantId, userId);
  return {
    ...tenantFields(row.tenant),
    userId,
    twoFactor: row.twoFactor,
    ssoRequired: row.ssoRequired,
    role: { id: row.role.id, name: row.role.name, key: row.role.key },
    super: row.role.isSuper,
    permissions: row.role.permissions,
  };
}

/**
 * A platform super-user (users.platform_admin, set by the operator command `user make-super`) acts
 * as Owner in every organisation of their own partner without being a member, for support.
 */
async function platformAdminContext(db: Db, tenantId: string, userId: string): Promise<TenantContext | null> {
  const [row] = await db
    .select({ tenant: tenants, twoFactor: TWO_FACTOR_ON })
    .from(tenants)
    .innerJoin(
      users,
      and(eq(users.id, userId), eq(users.partnerId, tenants.partnerId), eq(users.platformAdmin, true)),
    )
    .leftJoin(userTwoFactor, eq(userTwoFactor.userId, users.id))
    .where(eq(tenants.id, tenantId));
  if (!row) return null;
  return {
    ...tenantFields(row.tenant),
    userId,
    twoFactor: row.twoFactor,
    // Support staff of the partner are not the organisation's people: its sign-in rule is for them.
    ssoRequired: false,
    role: { id: "platform", name: "Platform super-user", key: null },
    super: true,
    permissions: [],
  };
}

/** The organisation's own part of a context, the same for members and platform super-users. */
function tenantFields(tenant: typeof tenants.$inferSelect) {
  return {
    id: tenant.id,
    partnerId: tenant.partnerId,
    name: tenant.name,
    timezoneCode: tenant.timezoneCode,
    status: tenant.status,
    keepFileColumns: tenant.keepFileColumns,
    requireTwoFactor: tenant.requireTwoFactor,
    keysWithoutTwoFactor: tenant.keysWithoutTwoFactor,
  };
}
