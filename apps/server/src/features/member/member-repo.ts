import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Runner, Tx } from "../../core/db";
import { queryRows } from "../../db/query";
import { roles, tenantMembers, users } from "../../db/schema/index";

const memberColumns = {
  userId: users.id,
  name: users.name,
  email: users.email,
  joinedAt: tenantMembers.createdAt,
  role: {
    id: roles.id,
    name: roles.name,
    key: roles.key,
    super: roles.isSuper,
    permissions: roles.permissions,
  },
};

export type MemberRow = {
  userId: string;
  name: string;
  email: string;
  joinedAt: Date;
  role: { id: string; name: string; key: string | null; super: boolean; permissions: string[] };
};

function membersOf(db: Runner, tenantId: string) {
  return db
    .select(memberColumns)
    .from(tenantMembers)
    .innerJoin(users, eq(users.id, tenantMembers.userId))
    .innerJoin(roles, eq(roles.id, tenantMembers.roleId))
    .where(eq(tenantMembers.tenantId, tenantId))
    .$dynamic();
}

async function memberIn(db: Runner, tenantId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(tenantMembers)
    .innerJoin(users, eq(users.id, tenantMembers.userId))
    .innerJoin(roles, eq(roles.id, tenantMembers.roleId))
    .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, userId)));
  return row;
}

/** Owners of the organisation other than the given user (there must stay at least one). */
async function otherOwners(tx: Tx, tenantId: string, userId: string): Promise<number> {
  const owners = await tx
    .select({ userId: tenantMembers.userId })
    .from(tenantMembers)
    .innerJoin(roles, eq(roles.id, tenantMembers.roleId))
    .where(and(eq(tenantMembers.tenantId, tenantId), eq(roles.isSuper, true)));
  return owners.filter((o) => o.userId !== userId).length;
}

type RoleRow = typeof roles.$inferSelect;

export type ChangeOutcome =
  | { status: "changed" | "unchanged"; member: MemberRow; role: RoleRow }
  | { status: "not-found" | "unknown-role" | "last-owner" };
export type RemoveOutcome =
  | { status: "removed"; member: MemberRow }
  | { status: "not-found" | "owner-only" | "last-owner" };

/**
 * Membership reads and the two changes an administrator makes. Both changes run under a lock on
 * the organisation row, so the owner checks and the write see the same members.
 */
export function memberRepo(db: Db) {
  const lockTenant = (tx: Tx, tenantId: string) =>
    queryRows(tx, sql`select id from tenants where id = ${tenantId} for update`);

  return {
    list: (tenantId: string): Promise<MemberRow[]> =>
      membersOf(db, tenantId).orderBy(asc(tenantMembers.createdAt), asc(users.name)),

    get: (tenantId: string, userId: string) => memberIn(db, tenantId, userId),

    /** Whether a user with this e-mail on the partner is a member of the organisation. */
    async isMemberByEmail(tenantId: string, partnerId: string, email: string): Promise<boolean> {
      const rows = await db
        .select({ userId: users.id })
        .from(tenantMembers)
        .innerJoin(users, eq(users.id, tenantMembers.userId))
        .where(
          and(eq(tenantMembers.tenantId, tenantId), eq(users.partnerId, partnerId), eq(users.email, email)),
        );
      return rows.length > 0;
    },

    /** The roles a member can be given, oldest first. */
    roles: (tenantId: string) =>
      db
        .select({
          id: roles.id,
          name: roles.name,
          key: roles.key,
          super: roles.isSuper,
          permissions: roles.permissions,
        })
        .from(roles)
        .where(eq(roles.tenantId, tenantId))
        .orderBy(asc(roles.createdAt), asc(roles.name)),

    roleIn: async (tenantId: string, roleId: string) =>
      (
        await db
          .select()
          .from(roles)
          .where(and(eq(roles.tenantId, tenantId), eq(roles.id, roleId)))
      )[0],

    /**
     * Gives a member another role of the organisation, and the last owner keeps the Owner role.
     * `authorize` sees the member's current role and the new one as read under the lock, and
     * throws to refuse (the transaction then rolls back).
     */
    async changeRole(input: {
      tenantId: string;
      userId: string;
      roleId: string;
      authorize: (current: MemberRow["role"], next: RoleRow) => void;
      /** Writes the change's audit event in its transaction. */
      record: (tx: Tx, member: MemberRow, next: RoleRow) => Promise<void>;
    }): Promise<ChangeOutcome> {
      return db.transaction(async (tx) => {
        await lockTenant(tx, input.tenantId);
        const member = await memberIn(tx, input.tenantId, input.userId);
        if (!member) return { status: "not-found" };
        const [role] = await tx
          .select()
          .from(roles)
          .where(and(eq(roles.tenantId, input.tenantId), eq(roles.id, input.roleId)));
        if (!role) return { status: "unknown-role" };
        if (role.id === member.role.id) return { status: "unchanged", member, role };
        input.authorize(member.role, role);
        if (member.role.super && !role.isSuper && (await otherOwners(tx, input.tenantId, input.userId)) === 0)
          return { status: "last-owner" };
        await tx
          .update(tenantMembers)
          .set({ roleId: role.id })
          .where(and(eq(tenantMembers.tenantId, input.tenantId), eq(tenantMembers.userId, input.userId)));
        await input.record(tx, member, role);
        return { status: "changed", member, role };
      });
    },

    /** Removes a member; an owner only by an owner, and never the last one. */
    async remove(input: {
      tenantId: string;
      userId: string;
      actorSuper: boolean;
      /** Writes the change's audit event in its transaction. */
      record: (tx: Tx, member: MemberRow) => Promise<void>;
    }): Promise<RemoveOutcome> {
      return db.transaction(async (tx) => {
        await lockTenant(tx, input.tenantId);
        const member = await memberIn(tx, input.tenantId, input.userId);
        if (!member) return { status: "not-found" };
        if (member.role.super && !input.actorSuper) return { status: "owner-only" };
        if (member.role.super && (await otherOwners(tx, input.tenantId, input.userId)) === 0)
          return { status: "last-owner" };
        await tx
          .delete(tenantMembers)
          .where(and(eq(tenantMembers.tenantId, input.tenantId), eq(tenantMembers.userId, input.userId)));
        await input.record(tx, member);
        return { status: "removed", member };
      });
    },
  };
}

export type MemberRepo = ReturnType<typeof memberRepo>;
