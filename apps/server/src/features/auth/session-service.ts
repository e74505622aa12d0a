import { and, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import type { Db, Runner } from "../../core/db";
import type { ResolvedSession } from "../../core/request-context";
import { randomToken, sha256 } from "../../core/tokens";
import { restoreFromDeletion } from "../../db/deletion-grace";
import { sessions, ssoLogins, twoFactorChallenges, users } from "../../db/schema/index";
import type { AuditService } from "../audit/index";

/** Last seen is written at most once a minute, not on every request. */
const TOUCH_EVERY_MS = 60_000;
/** The list shows this many at most; a person has a handful (docs/security.md, "Sessions"). */
export const SESSION_LIST_MAX = 100;

export interface SessionPolicy {
  idleMs: number;
  maxAgeMs: number;
}

/**
 * Server-side sessions: the cookie holds a random id, the table holds only its hash. Every new
 * session is a sign-in, written to the audit log in the same transaction (docs/security.md).
 */
export function sessionService(
  db: Db,
  policy: SessionPolicy,
  audit: Pick<AuditService, "recordSignIn" | "recordAccountEvent">,
) {
  return {
    policy,
    /**
     * `ssoTenantId`: the organisation whose single sign-on made this session (docs/security.md,
     * "Single sign-on").
     */
    async create(userId: string, meta: { ip?: string; userAgent?: string }, ssoTenantId?: string) {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + policy.maxAgeMs);
      const restored = await db.transaction(async (tx) => {
        // Signing in during an account's deletion grace period restores it (docs/security.md,
        // "Privacy: export and deletion"); the same step as restoring an organisation.
        const back = await restoreFromDeletion(tx, "users", userId);
        if (back) await audit.recordAccountEvent(tx, userId, "account.restored", meta);
        await tx.insert(sessions).values({
          idHash: sha256(token),
          userId,
          expiresAt,
          ip: meta.ip ?? null,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
          ssoTenantId: ssoTenantId ?? null,
        });
        await audit.recordSignIn(tx, userId, meta);
        return back;
      });
      return { token, expiresAt, restored };
    },

    async resolve(token: string | undefined): Promise<ResolvedSession | null> {
      if (!token || token.length > 100) return null;
      const idHash = sha256(token);
      const [row] = await db
        .select({ session: sessions, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(eq(sessions.idHash, idHash));
      if (!row) return null;
      const now = Date.now();
      const idleDeadline = row.session.lastSeenAt.getTime() + policy.idleMs;
      if (row.session.expiresAt.getTime() <= now || idleDeadline <= now) {
        await db.delete(sessions).where(eq(sessions.idHash, idHash));
        return null;
      }
      if (now - row.session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db
          .update(sessions)
          .set({ lastSeenAt: new Date(now) })
          .where(eq(sessions.idHash, idHash));
      }
      const { id, email, name, locale, partnerId } = row.user;
      const { expiresAt, stepUpAt, ssoTenantId } = row.session;
      return {
        user: { id, email, name, locale, partnerId },
        idHash,
        id: row.session.id,
        expiresAt,
        stepUpAt,
        ssoTenantId,
      };
    },

    /** The person's sessions still in force, the most recently seen first (docs/security.md, "Sessions"). */
    async listForUser(userId: string) {
      const idleCutoff = new Date(Date.now() - policy.idleMs);
      return db
        .select({
          id: sessions.id,
          idHash: sessions.idHash,
          createdAt: sessions.createdAt,
          lastSeenAt: sessions.lastSeenAt,
          ip: sessions.ip,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(
          and(
            eq(sessions.userId, userId),
            gt(sessions.expiresAt, sql`now()`),
            gt(sessions.lastSeenAt, idleCutoff),
          ),
        )
        .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
        .limit(SESSION_LIST_MAX);
    },

    /**
     * Ends one of the person's own sessions; false when it is not theirs or already gone. `then`
     * runs in the same transaction when one ended (its audit event).
     */
    async destroyOwn(userId: string, id: string, then: (runner: Runner) => Promise<void>): Promise<boolean> {
      return db.transaction(async (tx) => {
        const ended = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), eq(sessions.id, id)))
          .returning({ id: sessions.id });
        if (ended.length === 1) await then(tx);
        return ended.length === 1;
      });
    },

    /** A second factor or the password was just proved in this session (docs/security.md, "Step-up"). */
    async markStepUp(idHash: string) {
      await db.update(sessions).set({ stepUpAt: new Date() }).where(eq(sessions.idHash, idHash));
    },

    async destroy(token: string | undefined) {
      if (token) await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
    },

    /**
     * Ends every session of a user, except the one given (a password change keeps the current
     * one); answers how many ended.
     */
    async destroyAllForUser(
      userId: string,
      exceptIdHash?: string,
      then?: (runner: Runner, ended: number) => Promise<void>,
    ): Promise<number> {
      return db.transaction(async (tx) => {
        const ended = await tx
          .delete(sessions)
          .where(
            exceptIdHash
              ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
              : eq(sessions.userId, userId),
          )
          .returning({ id: sessions.id });
        await then?.(tx, ended.length);
        return ended.length;
      });
    },

    async purgeExpired() {
      const idleCutoff = new Date(Date.now() - policy.idleMs);
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleCutoff)));
      // Sign-ins that waited for a second factor and were not finished in time.
      await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, sql`now()`));
      // Single sign-ons started and never answered (docs/security.md, "Single sign-on").
      await db.delete(ssoLogins).where(lt(ssoLogins.expiresAt, sql`now()`));
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
