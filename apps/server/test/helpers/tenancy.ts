import type { BuiltInRoleKey } from "@nc/contracts/permission-catalog";
import { and, eq } from "drizzle-orm";
import { expect } from "vitest";
import { roles, tenantMembers } from "../../src/db/schema/index";
import { type Account, call, expectOk, registerUser } from "./accounts";
import type { TestApp } from "./test-app";

/**
 * Creates an organisation as the user (who becomes its Owner) and returns its id; `host` is the
 * partner site the user belongs to, when not the default one.
 */
export async function createTenant(
  t: TestApp,
  owner: Account,
  name = "Acme Org",
  host?: string,
): Promise<string> {
  return expectOk<{ id: string }>(await call(t, "POST", "/api/tenant", { name }, { sid: owner.sid, host }))
    .id;
}

/**
 * A new person signed up who then creates an organisation, so is its Owner: the opening of most
 * organisation tests. Returns them, the organisation's id and a caller bound to both.
 */
export async function ownerWithTenant(
  t: TestApp,
  name = "Acme Org",
  options: Parameters<typeof registerUser>[1] = {},
) {
  const owner = await registerUser(t, options);
  const tenantId = await createTenant(t, owner, name, options.host);
  return { owner, tenantId, api: inTenant(t, owner, tenantId) };
}

export async function roleId(t: TestApp, tenantId: string, key: BuiltInRoleKey): Promise<string> {
  const [row] = await t.database.db
    .select()
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.key, key)));
  if (!row) throw new Error(`no ${key} role in ${tenantId}`);
  return row.id;
}

/** Puts a user into an organisation with a built-in role (what an accepted invitation does). */
export async function joinTenant(t: TestApp, tenantId: string, user: Account, key: BuiltInRoleKey) {
  await t.database.db
    .insert(tenantMembers)
    .values({ tenantId, userId: user.id, roleId: await roleId(t, tenantId, key) });
}

/** A new user who is a member of the organisation with the given role. */
export async function memberWithRole(t: TestApp, tenantId: string, key: BuiltInRoleKey): Promise<Account> {
  const user = await registerUser(t, { name: `${key} member` });
  await joinTenant(t, tenantId, user, key);
  return user;
}

/** Calls a tenant-scoped endpoint as the user inside the organisation. */
export function inTenant(t: TestApp, user: Account, tenantId: string) {
  return (
    method: "GET" | "POST" | "DELETE",
    url: string,
    payload?: object,
    headers?: Record<string, string>,
  ) => call(t, method, url, payload, { sid: user.sid, headers: { "x-tenant-id": tenantId, ...headers } });
}

export function expectCode(res: { statusCode: number; json(): unknown }, status: number, code: number) {
  expect({ status: res.statusCode, code: (res.json() as { code: number }).code }).toEqual({ status, code });
}

/**
 * A new member whose custom role (named `name`, made by the owner) holds exactly `permissions`;
 * `setRights` changes what the role holds, as the owner would on the roles page.
 */
export async function memberHolding(
  t: TestApp,
  tenantId: string,
  owner: Account,
  name: string,
  permissions: string[],
) {
  const asOwner = inTenant(t, owner, tenantId);
  const role = expectOk<{ id: string }>(await asOwner("POST", "/api/tenant/role", { name, permissions }));
  const member = await memberWithRole(t, tenantId, "viewer");
  expectOk(await asOwner("POST", `/api/tenant/tenant_user/s/${member.id}`, { roleId: role.id }));
  const setRights = async (next: string[]) =>
    expectOk(await asOwner("POST", `/api/tenant/role/s/${role.id}`, { name, permissions: next }));
  return { member, as: inTenant(t, member, tenantId), setRights };
}
