import { and, eq, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import type { ResolvedSession } from "../../core/request-context";
import { randomToken, sha256 } from "../../core/tokens";
import { sessions, twoFactorChallenges, users } from "../../db/schema/index";
import type { AuditService } from "../audit/index";

const TOUCH_EVERY_MS = 60_000;

export interface SessionPolicy {
  idleMs: number;
  maxAgeMs: number;
}

/**
 * Server-side sessions: the cookie holds a random id, the table holds only its hash. Every new
 * session is a sign-in, written to the audit log in the same transaction (docs/security.md).
 */
export function sessionService(db: Db, policy: SessionPolicy, audit: Pick<AuditService, "recordSignIn">) {
  return {
    policy,
    async create(userId: string, meta: { ip?: string; userAgent?: string }) {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + policy.maxAgeMs);
      await db.transaction(async (tx) => {
        await tx.insert(sessions).values({
          idHash: sha256(token),
          userId,
          expiresAt,
          ip: meta.ip ?? null,
          userAgent: meta.userAgent?.slice(0, 512) ?? null,
        });
        await audit.recordSignIn(tx, userId, meta);
      });
      return { token, expiresAt };
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
      return { user: { id, email, name, locale, partnerId }, idHash, expiresAt: row.session.expiresAt };
    },

    async destroy(token: string | undefined) {
      if (token) await db.delete(sessions).where(eq(sessions.idHash, sha256(token)));
    },

    /** Ends every session of a user, except the one given (password change keeps the current one). */
    async destroyAllForUser(userId: string, exceptIdHash?: string) {
      await db
        .delete(sessions)
        .where(
          exceptIdHash
            ? and(eq(sessions.userId, userId), ne(sessions.idHash, exceptIdHash))
            : eq(sessions.userId, userId),
        );
    },

    async purgeExpired() {
      const idleCutoff = new Date(Date.now() - policy.idleMs);
      await db
        .delete(sessions)
        .where(or(lt(sessions.expiresAt, sql`now()`), lt(sessions.lastSeenAt, idleCutoff)));
      // Sign-ins that waited for a second factor and were not finished in time.
      await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, sql`now()`));
    },
  };
}

export type SessionService = ReturnType<typeof sessionService>;
