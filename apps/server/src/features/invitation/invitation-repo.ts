import type { PermissionHolder } from "@nc/contracts/permissions";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { v7 as uuidv7 } from "uuid";
import type { Db, Tx } from "../../core/db";
import { queryRows } from "../../db/query";
import { invitations, roles, tenantMembers, tenants, users } from "../../db/schema/index";

export type InvitationRow = typeof invitations.$inferSelect;
type RoleRow = typeof roles.$inferSelect;

export interface InvitationView {
  invitation: InvitationRow;
  role: RoleRow;
  inviter: { id: string; name: string } | null;
}

export interface InvitationByToken extends InvitationView {
  tenant: typeof tenants.$inferSelect;
}

const inviters = alias(users, "inviters");

/** Not accepted, rejected or revoked. */
const open = () =>
  and(isNull(invitations.acceptedAt), isNull(invitations.rejectedAt), isNull(invitations.revokedAt));
/** Open and not expired: the token still works. */
const usable = (now: Date) => and(open(), gt(invitations.expiresAt, now));

export type AcceptOutcome =
  | { status: "accepted"; tenantId: string; userId: string }
  | { status: "invalid" | "already-member" | "account-exists" | "inviter-lacks-right" };

export function invitationRepo(db: Db) {
  const view = () =>
    db
      .select({
        invitation: invitations,
        role: roles,
        inviter: { id: inviters.id, name: inviters.name },
      })
      .from(invitations)
      .innerJoin(roles, eq(roles.id, invitations.roleId))
      .leftJoin(inviters, eq(inviters.id, invitations.invitedBy))
      .$dynamic();

  return {
    /** Invitations whose link still works, newest first. */
    listPending: (tenantId: string, now: Date): Promise<InvitationView[]> =>
      view()
        .where(and(eq(invitations.tenantId, tenantId), usable(now)))
        .orderBy(desc(invitations.createdAt)),

    /** One invitation of the organisation that was neither accepted, rejected nor revoked. */
    async openById(tenantId: string, id: string): Promise<InvitationView | undefined> {
      const [row] = await view().where(
        and(eq(invitations.tenantId, tenantId), eq(invitations.id, id), open()),
      );
      return row;
    },

    async byTokenHash(tokenHash: string): Promise<InvitationByToken | undefined> {
      const [row] = await db
        .select({
          invitation: invitations,
          role: roles,
          tenant: tenants,
          inviter: { id: inviters.id, name: inviters.name },
        })
        .from(invitations)
        .innerJoin(roles, eq(roles.id, invitations.roleId))
        .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
        .leftJoin(inviters, eq(inviters.id, invitations.invitedBy))
        .where(eq(invitations.tokenHash, tokenHash));
      return row;
    },

    /**
     * Stores a new invitation and revokes the open ones for the same e-mail in the organisation
     * (a new link replaces the old), in one transaction.
     */
    async createReplacing(
      input: {
        tenantId: string;
        email: string;
        roleId: string;
        tokenHash: string;
        invitedBy: string;
        expiresAt: Date;
      },
      record: (tx: Tx, row: InvitationRow) => Promise<void>,
    ): Promise<InvitationRow> {
      return db.transaction(async (tx) => {
        await tx
          .update(invitations)
          .set({ revokedAt: new Date() })
          .where(and(eq(invitations.tenantId, input.tenantId), eq(invitations.email, input.email), open()));
        const [row] = await tx
          .insert(invitations)
          .values({ id: uuidv7(), ...input })
          .returning();
        await record(tx, row!);
        return row!;
      });
    },

    /** Revokes an open invitation; false when there was none. */
    async revoke(
      tenantId: string,
      id: string,
      record: (tx: Tx, row: InvitationRow) => Promise<void>,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(invitations)
          .set({ revokedAt: new Date() })
          .where(and(eq(invitations.tenantId, tenantId), eq(invitations.id, id), open()))
          .returning();
        if (row) await record(tx, row);
        return Boolean(row);
      });
    },

    /** Marks a usable invitation rejected; false when it no longer works. */
    async reject(id: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(invitations)
        .set({ rejectedAt: now })
        .where(and(eq(invitations.id, id), usable(now)))
        .returning({ id: invitations.id });
      return rows.length === 1;
    },

    /**
     * Uses the invitation once and adds the membership, atomically: the single-use mark is a
     * conditional update, so of two requests with the same token only one gets a row back.
     * `newUser` creates the account first (the token proved the address).
     */
    async accept(input: {
      id: string;
      now: Date;
      userId?: string;
      newUser?: {
        id: string;
        partnerId: string;
        email: string;
        name: string;
        passwordHash: string;
        locale: string;
      };
      /** Writes the joining to the audit log in the same transaction. */
      record: (tx: Tx, joined: { tenantId: string; userId: string; roleId: string }) => Promise<void>;
      /**
       * Whether the inviter, with their rights as they are now (null: no longer a member nor a
       * platform super-user of the partner), may still give the invited role.
       */
      inviterMayGrant: (inviter: PermissionHolder | null, role: PermissionHolder) => boolean;
    }): Promise<AcceptOutcome> {
      try {
        return await db.transaction(async (tx) => {
          const [claimed] = await tx
            .update(invitations)
            .set({ acceptedAt: input.now })
            .where(and(eq(invitations.id, input.id), usable(input.now)))
            .returning();
          if (!claimed) return { status: "invalid" as const };
          const { inviter, role } = await rightsAtAcceptance(tx, claimed);
          if (!input.inviterMayGrant(inviter, role)) throw new Rollback("inviter-lacks-right");
          let userId = input.userId;
          if (input.newUser) {
            const [created] = await tx
              .insert(users)
              .values(input.newUser)
              .onConflictDoNothing()
              .returning({ id: users.id });
            if (!created) throw new Rollback("account-exists");
            userId = created.id;
          }
          const [joined] = await tx
            .insert(tenantMembers)
            .values({ tenantId: claimed.tenantId, userId: userId!, roleId: claimed.roleId })
            .onConflictDoNothing()
            .returning({ userId: tenantMembers.userId });
          if (!joined) throw new Rollback("already-member");
          await input.record(tx, { tenantId: claimed.tenantId, userId: userId!, roleId: claimed.roleId });
          return { status: "accepted" as const, tenantId: claimed.tenantId, userId: userId! };
        });
      } catch (error) {
        if (error instanceof Rollback) return { status: error.outcome };
        throw error;
      }
    },
  };
}

/**
 * The inviter's rights in the organisation and the invited role's, read under share locks in the
 * accepting transaction: a demotion, removal or role edit either commits first and is seen here,
 * or waits until the new member has joined (docs/security.md, "Roles and rights inside an
 * organisation").
 */
async function rightsAtAcceptance(
  tx: Tx,
  invitation: { tenantId: string; roleId: string; invitedBy: string | null },
): Promise<{ inviter: PermissionHolder | null; role: PermissionHolder }> {
  type Rights = { super: boolean; permissions: string[] };
  const [role] = await queryRows<Rights>(
    tx,
    sql`select is_super as super, permissions from roles where id = ${invitation.roleId} for share`,
  );
  if (!invitation.invitedBy) return { inviter: null, role: role! };
  const [member] = await queryRows<Rights>(
    tx,
    sql`select r.is_super as super, r.permissions from tenant_members m join roles r on r.id = m.role_id
        where m.tenant_id = ${invitation.tenantId} and m.user_id = ${invitation.invitedBy} for share`,
  );
  if (member) return { inviter: member, role: role! };
  // A platform super-user acts as Owner in their partner's organisations without being a member.
  const [platform] = await queryRows<Rights>(
    tx,
    sql`select true as super, '[]'::jsonb as permissions from users u join tenants t on t.partner_id = u.partner_id
        where u.id = ${invitation.invitedBy} and t.id = ${invitation.tenantId} and u.platform_admin
        for share of u`,
  );
  return { inviter: platform ?? null, role: role! };
}

/** Ends a transaction with an outcome rather than an error. */
class Rollback extends Error {
  constructor(readonly outcome: "already-member" | "account-exists" | "inviter-lacks-right") {
    super(outcome);
  }
}

export type InvitationRepo = ReturnType<typeof invitationRepo>;
