import { and, asc, count, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../core/db";
import { roles, tenantMembers } from "../../db/schema/index";

export type RoleRow = typeof roles.$inferSelect;

export function roleRepo(db: Db) {
  const memberCounts = async (tenantId: string) => {
    const rows = await db
      .select({ roleId: tenantMembers.roleId, n: count() })
      .from(tenantMembers)
      .where(eq(tenantMembers.tenantId, tenantId))
      .groupBy(tenantMembers.roleId);
    return new Map(rows.map((r) => [r.roleId, Number(r.n)]));
  };
  return {
    memberCounts,
    list: (tenantId: string) =>
      db
        .select()
        .from(roles)
        .where(eq(roles.tenantId, tenantId))
        .orderBy(asc(roles.createdAt), asc(roles.name)),
    byId: async (tenantId: string, id: string) =>
      (
        await db
          .select()
          .from(roles)
          .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
      )[0],
    byName: async (tenantId: string, name: string) =>
      (
        await db
          .select()
          .from(roles)
          .where(and(eq(roles.tenantId, tenantId), eq(roles.name, name)))
      )[0],
    async create(tenantId: string, input: { name: string; permissions: string[] }) {
      const [row] = await db
        .insert(roles)
        .values({ id: uuidv7(), tenantId, key: null, name: input.name, permissions: input.permissions })
        .onConflictDoNothing()
        .returning();
      return row;
    },
    async update(tenantId: string, id: string, input: { name: string; permissions: string[] }) {
      try {
        const [row] = await db
          .update(roles)
          .set(input)
          .where(and(eq(roles.tenantId, tenantId), eq(roles.id, id)))
          .returning();
        return row;
      } catch (error) {
        const code =
          (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code;
        if (code === "23505") return null;
        throw error;
      }
    },
    remove: (tenantId: string, id: string) =>
      db.delete(roles).where(and(eq(roles.tenantId, tenantId), eq(roles.id, id))),
  };
}

export type RoleRepo = ReturnType<typeof roleRepo>;
