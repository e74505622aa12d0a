import { BUILT_IN_ROLE_KEYS, isKnownPermission } from "@nc/contracts/permission-catalog";
import type { RoleDetail } from "@nc/contracts/tenancy";
import type { Db } from "../../db/client";
import { AppError, fieldError } from "../../http/app-error";
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

/** Roles of an organisation: the built-in ones are fixed; custom ones are made, edited, deleted. */
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

    async create(tenantId: string, input: { name: string; permissions: string[] }): Promise<RoleDetail> {
      const row = await repo.create(tenantId, {
        name: input.name,
        permissions: checkPermissions(input.permissions),
      });
      if (!row) throw fieldError("name", "name_taken");
      return detail(row, 0);
    },

    async update(
      tenantId: string,
      id: string,
      input: { name: string; permissions: string[] },
    ): Promise<RoleDetail> {
      await custom(tenantId, id);
      const row = await repo.update(tenantId, id, {
        name: input.name,
        permissions: checkPermissions(input.permissions),
      });
      if (!row) throw fieldError("name", "name_taken");
      return detail(row, (await repo.memberCounts(tenantId)).get(id) ?? 0);
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
