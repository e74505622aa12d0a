import { PASSKEY_MAX } from "@nc/contracts/passkeys";
import { and, asc, count, eq, lt, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../core/db";
import { queryRows } from "../../db/query";
import { passkeyChallenges, passkeys, twoFactorChallenges, users } from "../../db/schema/index";
import { CHALLENGE_MAX_TRIES } from "./two-factor-service";

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = "register" | "sign_in" | "second_factor";

export interface NewPasskey {
  userId: string;
  credentialId: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  name: string;
  backedUp: boolean;
}

/** A pending sign-in that has neither expired nor used its tries. */
const pendingOpen = (idHash: string) =>
  and(
    eq(twoFactorChallenges.idHash, idHash),
    sql`${twoFactorChallenges.expiresAt} > now()`,
    lt(twoFactorChallenges.attempts, CHALLENGE_MAX_TRIES),
  );

/** The SQL of passkeys and their challenges (docs/security.md, "Passkeys"). */
export function passkeyRepo(db: Db) {
  return {
    list: (userId: string) =>
      db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt)),

    /** A passkey with the partner site of its account: a credential works only on its own site. */
    async byCredentialId(credentialId: string) {
      const [found] = await db
        .select({ passkey: passkeys, partnerId: users.partnerId })
        .from(passkeys)
        .innerJoin(users, eq(users.id, passkeys.userId))
        .where(eq(passkeys.credentialId, credentialId));
      return found;
    },

    /**
     * Adds a passkey unless the account already holds PASSKEY_MAX: the account's row is locked
     * first, so two registrations at once count each other. Answers null at the limit.
     */
    async insertWithinLimit(input: NewPasskey): Promise<PasskeyRow | null> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
        const [held] = await tx
          .select({ n: count() })
          .from(passkeys)
          .where(eq(passkeys.userId, input.userId));
        if ((held?.n ?? 0) >= PASSKEY_MAX) return null;
        const [row] = await tx
          .insert(passkeys)
          .values({ id: uuidv7(), ...input })
          .returning();
        return row ?? null;
      });
    },

    /** Renames one of the account's own passkeys; answers the former name, or null if none. */
    async rename(userId: string, id: string, name: string): Promise<string | null> {
      const [row] = await queryRows<{ former: string }>(
        db,
        sql`update passkeys p set name = ${name}
            from (select id, name from passkeys where id = ${id} and user_id = ${userId} for update) old
            where p.id = old.id
            returning old.name as former`,
      );
      return row?.former ?? null;
    },

    /** Deletes one of the account's own passkeys; answers its name, or null if none. */
    async remove(userId: string, id: string): Promise<string | null> {
      const [row] = await db
        .delete(passkeys)
        .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
        .returning({ name: passkeys.name });
      return row?.name ?? null;
    },

    /**
     * Records a use: the new counter is written only if it is greater than the stored one (or
     * both are zero, an authenticator that does not count), in the statement that writes it, so
     * two answers with the same counter cannot both pass. False when it was not greater.
     */
    async advanceCounter(id: string, signCount: number, backedUp: boolean): Promise<boolean> {
      const moved = await db
        .update(passkeys)
        .set({ signCount, backedUp, lastUsedAt: new Date() })
        .where(
          and(
            eq(passkeys.id, id),
            sql`(${passkeys.signCount} < ${signCount} or (${signCount} = 0 and ${passkeys.signCount} = 0))`,
          ),
        )
        .returning({ id: passkeys.id });
      return moved.length === 1;
    },

    /** Stores a challenge; challenges past their time are cleared on the way. */
    async createChallenge(input: {
      idHash: string;
      purpose: ChallengePurpose;
      userId: string | null;
      challenge: string;
      expiresAt: Date;
    }) {
      await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`));
      await db.insert(passkeyChallenges).values(input);
    },

    /**
     * Takes a challenge for its one answer: deleted by the statement that reads it, so a second
     * answer (a replay, or two at once) finds nothing. An expired one is deleted and not answered.
     */
    async consumeChallenge(idHash: string, purpose: ChallengePurpose) {
      const [row] = await queryRows<{ user_id: string | null; challenge: string; live: boolean }>(
        db,
        sql`delete from passkey_challenges where id_hash = ${idHash} and purpose = ${purpose}
            returning user_id, challenge, expires_at > now() as live`,
      );
      return row?.live ? { userId: row.user_id, challenge: row.challenge } : null;
    },

    /** The account of a pending sign-in (password right, second factor next), if still open. */
    async pendingUser(idHash: string): Promise<string | null> {
      const [row] = await db
        .select({ userId: twoFactorChallenges.userId })
        .from(twoFactorChallenges)
        .where(pendingOpen(idHash));
      return row?.userId ?? null;
    },

    /**
     * One of the pending sign-in's tries, as a code would take (docs/security.md, "Two-factor
     * sign-in"), taken in the statement that checks one is left. Answers its account.
     */
    async takePendingTry(idHash: string): Promise<string | null> {
      const [row] = await db
        .update(twoFactorChallenges)
        .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
        .where(pendingOpen(idHash))
        .returning({ userId: twoFactorChallenges.userId });
      return row?.userId ?? null;
    },

    /** Ends the pending sign-in; false when another answer already ended it. */
    async endPending(idHash: string): Promise<boolean> {
      const gone = await db
        .delete(twoFactorChallenges)
        .where(eq(twoFactorChallenges.idHash, idHash))
        .returning({ userId: twoFactorChallenges.userId });
      return gone.length === 1;
    },
  };
}

export type PasskeyRepo = ReturnType<typeof passkeyRepo>;
