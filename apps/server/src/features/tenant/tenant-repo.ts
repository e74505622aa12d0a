import { BUILT_IN_ROLE_KEYS, BUILT_IN_ROLES } from "@nc/contracts/permission-catalog";
import { and, asc, count, eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, Tx } from "../../core/db";
import { queryRows } from "../../db/query";
import { roles, tenantMembers, tenants, users } from "../../db/schema/index";

// Stored names of the built-in roles; the pages show them translated by key.
const BUILT_IN_NAMES: Record<string, string> = {
  owner: "Owner",
  admin: "Admin",
  developer: "Developer",
  finance: "Finance",
  operator: "Operator",
  viewer: "Viewer",
};

/** More work for the change's own transaction (the audit event), run just before it commits. */
type InTx<A = void> = (tx: Tx, arg: A) => Promise<void>;

export function tenantRepo(db: Db) {
  return {
    /** The user's organisations with their role in each, oldest first. */
    listForUser: (userId: string, partnerId: string) =>
      db
        .select({ tenant: tenants, role: roles, joinedAt: tenantMembers.createdAt })
        .from(tenantMembers)
        .innerJoin(tenants, eq(tenants.id, tenantMembers.tenantId))
        .innerJoin(roles, eq(roles.id, tenantMembers.roleId))
        .where(and(eq(tenantMembers.userId, userId), eq(tenants.partnerId, partnerId)))
        .orderBy(asc(tenantMembers.createdAt)),

    /** Whether the person has two-factor sign-in on. */
    async hasTwoFactor(userId: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from user_two_factor where user_id = ${userId} and enabled_at is not null`,
      );
      return rows.length > 0;
    },

    /**
     * Creates an organisation with its built-in roles and the creator as Owner, unless the user
     * already belongs to `max`. The user row is locked so two requests at once cannot both pass.
     */
    async createWithOwner(
      input: {
        partnerId: string;
        userId: string;
        name: string;
        timezoneCode: string;
        max: number;
      },
      within: InTx<string> = async () => {},
    ) {
      return db.transaction(async (tx) => {
        await queryRows(tx, sql`select id from users where id = ${input.userId} for update`);
        const [row] = await tx
          .select({ n: count() })
          .from(tenantMembers)
          .where(eq(tenantMembers.userId, input.userId));
        if (Number(row?.n ?? 0) >= input.max) return null;
        const tenantId = uuidv7();
        await tx.insert(tenants).values({
          id: tenantId,
          partnerId: input.partnerId,
          name: input.name,
          timezoneCode: input.timezoneCode,
          createdBy: input.userId,
        });
        const roleIds = await insertBuiltInRoles(tx, tenantId);
        await tx.insert(tenantMembers).values({ tenantId, userId: input.userId, roleId: roleIds.owner! });
        await within(tx, tenantId);
        return tenantId;
      });
    },

    /**
     * Claims the person's one welcome credit: true for the first organisation they create, false
     * ever after. One conditional update, so parallel creations (and processes) cannot both win;
     * run in the creation's transaction, so a refused creation claims nothing.
     */
    async claimWelcomeCredit(tx: Tx, userId: string): Promise<boolean> {
      const rows = await queryRows(
        tx,
        sql`update users set welcome_credit_at = now()
            where id = ${userId} and welcome_credit_at is null returning id`,
      );
      return rows.length === 1;
    },

    update: (
      tenantId: string,
      patch: { name: string; timezoneCode?: string; keepFileColumns?: boolean },
      within: InTx = async () => {},
    ) =>
      db.transaction(async (tx) => {
        await tx.update(tenants).set(patch).where(eq(tenants.id, tenantId));
        await within(tx);
      }),

    /** The organisation's two-factor rule, with its audit event in the same transaction. */
    setTwoFactorRule: (
      tenantId: string,
      rule: { requireTwoFactor: boolean; keysWithoutTwoFactor: boolean },
      within: InTx = async () => {},
    ) =>
      db.transaction(async (tx) => {
        await tx.update(tenants).set(rule).where(eq(tenants.id, tenantId));
        await within(tx);
      }),

    /** Removes a member unless that would leave no owner; the tenant row is locked meanwhile. */
    async removeMemberKeepingAnOwner(
      tenantId: string,
      userId: string,
      within: InTx = async () => {},
    ): Promise<"removed" | "last-owner"> {
      return db.transaction(async (tx) => {
        await queryRows(tx, sql`select id from tenants where id = ${tenantId} for update`);
        if ((await isOnlyOwner(tx, tenantId, userId)) === true) return "last-owner";
        await tx
          .delete(tenantMembers)
          .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, userId)));
        await within(tx);
        return "removed";
      });
    },

    /** Changes a member's role unless that would leave no owner. */
    async setMemberRoleKeepingAnOwner(
      tenantId: string,
      userId: string,
      roleId: string,
    ): Promise<"changed" | "last-owner"> {
      return db.transaction(async (tx) => {
        await queryRows(tx, sql`select id from tenants where id = ${tenantId} for update`);
        const [target] = await tx.select().from(roles).where(eq(roles.id, roleId));
        if (!target?.isSuper && (await isOnlyOwner(tx, tenantId, userId)) === true) return "last-owner";
        await tx
          .update(tenantMembers)
          .set({ roleId })
          .where(and(eq(tenantMembers.tenantId, tenantId), eq(tenantMembers.userId, userId)));
        return "changed";
      });
    },
  };
}

async function insertBuiltInRoles(tx: Tx, tenantId: string): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  await tx.insert(roles).values(
    BUILT_IN_ROLE_KEYS.map((key) => {
      ids[key] = uuidv7();
      return {
        id: ids[key]!,
        tenantId,
        key,
        name: BUILT_IN_NAMES[key]!,
        isSuper: BUILT_IN_ROLES[key].super,
        permissions: [...BUILT_IN_ROLES[key].permissions],
      };
    }),
  );
  return ids;
}

/** True when the user is an owner and no other member is. */
async function isOnlyOwner(tx: Tx, tenantId: string, userId: string): Promise<boolean> {
  // An owner whose account waits to be deleted does not count (docs/security.md, "Privacy: export
  // and deletion"): they will be gone when its grace period ends.
  const owners = await tx
    .select({ userId: tenantMembers.userId })
    .from(tenantMembers)
    .innerJoin(roles, eq(roles.id, tenantMembers.roleId))
    .innerJoin(users, eq(users.id, tenantMembers.userId))
    .where(and(eq(tenantMembers.tenantId, tenantId), eq(roles.isSuper, true), eq(users.status, "active")));
  return owners.length === 1 && owners[0]!.userId === userId;
}

export type TenantRepo = ReturnType<typeof tenantRepo>;
