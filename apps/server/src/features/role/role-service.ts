import { BUILT_IN_ROLE_KEYS, isKnownPermission } from "@nc/contracts/permission-catalog";
import type { RoleDetail } from "@nc/contracts/tenancy";
import { AppError, fieldError } from "../../core/app-error";
import type { Db, Runner } from "../../core/db";
import type { AuditMeta, TenantContext } from "../../core/request-context";
import type { AuditService } from "../audit/index";
import { assertMayGrant, assertNotOwnRole } from "./grant-rules";
import { type RoleRepo, type RoleRow, roleRepo } from "./role-repo";

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
export function roleService(db: Db, audit: Pick<AuditService, "record">) {
  const repo = roleRepo(db);
  /** A change and its audit event in one transaction. */
  const inTx = <T>(work: (txRepo: RoleRepo, tx: Runner) => Promise<T>) =>
    db.transaction(async (tx) => work(roleRepo(tx), tx));
  const event = (
    tx: Runner,
    tenantId: string,
    meta: AuditMeta,
    action: "role.created" | "role.updated" | "role.deleted",
    role: RoleRow,
    details: Record<string, unknown>,
  ) => audit.record(tx, { tenantId, ...meta, action, target: { type: "role", id: role.id }, details });

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

    async create(
      ctx: TenantContext,
      input: { name: string; permissions: string[] },
      meta: AuditMeta,
    ): Promise<RoleDetail> {
      const permissions = checkPermissions(input.permissions);
      assertMayGrant(ctx, { isSuper: false, permissions });
      const row = await inTx(async (txRepo, tx) => {
        const made = await txRepo.create(ctx.id, { name: input.name, permissions });
        if (!made) throw fieldError("name", "name_taken");
        await event(tx, ctx.id, meta, "role.created", made, { name: made.name, permissions });
        return made;
      });
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
      meta: AuditMeta,
    ): Promise<RoleDetail> {
      const current = await custom(ctx.id, id);
      assertNotOwnRole(ctx, { roleId: id });
      const permissions = checkPermissions(input.permissions);
      assertMayGrant(ctx, current, { isSuper: false, permissions });
      const row = await inTx(async (txRepo, tx) => {
        const changed = await txRepo.update(ctx.id, id, { name: input.name, permissions });
        if (!changed) throw fieldError("name", "name_taken");
        await event(tx, ctx.id, meta, "role.updated", changed, {
          name: current.name,
          before: { name: current.name, permissions: current.permissions },
          after: { name: changed.name, permissions: changed.permissions },
        });
        return changed;
      });
      return detail(row, (await repo.memberCounts(ctx.id)).get(id) ?? 0);
    },

    async remove(tenantId: string, id: string, meta: AuditMeta) {
      const role = await custom(tenantId, id);
      const inUse = (await repo.memberCounts(tenantId)).get(id) ?? 0;
      if (inUse > 0) throw new AppError("roleInUse", { count: inUse }, { count: inUse });
      await inTx(async (txRepo, tx) => {
        await txRepo.remove(tenantId, id);
        await event(tx, tenantId, meta, "role.deleted", role, {
          name: role.name,
          permissions: role.permissions,
        });
      });
      return { deleted: true };
    },
  };
}
