import { BUILT_IN_ROLE_KEYS, isKnownPermission } from "@nc/contracts/permission-catalog";
import type { RoleDetail } from "@nc/contracts/tenancy";
import type { Db } from "../../db/client";
import { AppError, fieldError } from "../../http/app-error";
import type { TenantContext } from "../tenant/tenant-context-repo";
import { assertMayGrant, assertNotOwnRole } from "./grant-rules";
import { type RoleRow, roleRepo } from "./role-repo";

function detail(row: RoleRow, memberCount: number): RoleDetail {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    super: row.isSuper,
    builtIn: row.key !== null,
    permissions: row.permissions,
    memberCount,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Roles of an organisation: the built-in ones are fixed; custom ones are made, edited, deleted,
 * only within the caller's own rights and never the role the caller holds (grant-rules.ts).
 */
export function roleService(db: Db) {
  const repo = roleRepo(db);

  function checkPermissions(permissions: string[]): string[] {
    permissions.forEach((p, i) => {
      if (!isKnownPermission(p)) throw fieldError(`permissions.${i}`, "unknown_permission");
    });
    return [...new Set(permissions)].sort();
  }

  async function custom(tenantId: string, id: string): Promise<RoleRow> {
    const row = await repo.byId(tenantId, id);
    if (!row) throw new AppError("notFound");
    if (row.key !== null) throw new AppError("builtInRole");
    return row;
  }

  return {
    async list(tenantId: string): Promise<RoleDetail[]> {
      const [rows, counts] = await Promise.all([repo.list(tenantId), repo.memberCounts(tenantId)]);
      // Built-in roles first, from Owner down to Viewer; custom roles after, oldest first.
      const rank = (row: RoleRow) =>
        row.key === null ? BUILT_IN_ROLE_KEYS.length : BUILT_IN_ROLE_KEYS.indexOf(row.key as never);
      return rows.sort((a, b) => rank(a) - rank(b)).map((row) => detail(row, counts.get(row.id) ?? 0));
    },

    async get(tenantId: string, id: string): Promise<RoleDetail> {
      const row = await repo.byId(tenantId, id);
      if (!row) throw new AppError("notFound");
      return detail(row, (await repo.memberCounts(tenantId)).get(id) ?? 0);
    },

    async create(ctx: TenantContext, input: { name: string; permissions: string[] }): Promise<RoleDetail> {
      const permissions = checkPermissions(input.permissions);
      assertMayGrant(ctx, { isSuper: false, permissions });
      const row = await repo.create(ctx.id, { name: input.name, permissions });
      if (!row) throw fieldError("name", "name_taken");
      return detail(row, 0);
    },

    /**
     * Edits a custom role. The role as it is and as it will be must both lie within the caller's
     * rights: someone who could not have made it does not reshape it.
     */
    async update(
      ctx: TenantContext,
      id: string,
      input: { name: string; permissions: string[] },
    ): Promise<RoleDetail> {
      const current = await custom(ctx.id, id);
      assertNotOwnRole(ctx, { roleId: id });
      const permissions = checkPermissions(input.permissions);
      assertMayGrant(ctx, current, { isSuper: false, permissions });
      const row = await repo.update(ctx.id, id, { name: input.name, permissions });
      if (!row) throw fieldError("name", "name_taken");
      return detail(row, (await repo.memberCounts(ctx.id)).get(id) ?? 0);
    },

    async remove(tenantId: string, id: string) {
      await custom(tenantId, id);
      const inUse = (await repo.memberCounts(tenantId)).get(id) ?? 0;
      if (inUse > 0) throw new AppError("roleInUse", { count: inUse }, { count: inUse });
      await repo.remove(tenantId, id);
      return { deleted: true };
    },
  };
}
