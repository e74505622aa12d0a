import { and, count, eq } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, Runner } from "../../core/db";
import { randomToken } from "../../core/tokens";
import { tenantMembers, users, userTwoFactor } from "../../db/schema/index";

export type UserRow = typeof users.$inferSelect;

/**
 * Forgets every browser the person asked two-factor sign-in to remember: a new nonce, so no
 * `tfa_trust` cookie signed before matches (docs/security.md, "Two-factor sign-in").
 */
export async function forgetRememberedBrowsers(runner: Runner, userId: string) {
  await runner
    .update(userTwoFactor)
    .set({ trustNonce: randomToken() })
    .where(eq(userTwoFactor.userId, userId));
}

export function userRepo(db: Db) {
  return {
    byEmail: async (partnerId: string, email: string) =>
      (
        await db
          .select()
          .from(users)
          .where(and(eq(users.partnerId, partnerId), eq(users.email, email)))
      )[0],
    byId: async (id: string) => (await db.select().from(users).where(eq(users.id, id)))[0],
    /** Returns undefined when the e-mail is already taken on that partner (a race lost). */
    async create(input: {
      partnerId: string;
      email: string;
      name: string;
      passwordHash: string;
      locale?: string | null;
    }) {
      const rows = await db
        .insert(users)
        .values({ id: uuidv7(), ...input, locale: input.locale ?? null })
        .onConflictDoNothing()
        .returning();
      return rows[0];
    },
    /**
     * A new password also forgets the browsers remembered for two-factor sign-in: whoever set it
     * may have done so because the old one leaked (docs/security.md, "Two-factor sign-in").
     */
    async setPassword(id: string, passwordHash: string) {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ passwordHash, passwordChangedAt: new Date() }).where(eq(users.id, id));
        await forgetRememberedBrowsers(tx, id);
      });
    },
    async setEmail(id: string, email: string): Promise<boolean> {
      try {
        const rows = await db
          .update(users)
          .set({ email })
          .where(eq(users.id, id))
          .returning({ id: users.id });
        return rows.length === 1;
      } catch (error) {
        if (
          String(
            (error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code,
          ) === "23505"
        )
          return false;
        throw error;
      }
    },
    update: (id: string, patch: { name?: string; locale?: string | null }) =>
      db.update(users).set(patch).where(eq(users.id, id)).returning(),
    async tenantCount(userId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(tenantMembers)
        .where(eq(tenantMembers.userId, userId));
      return Number(row?.n ?? 0);
    },
  };
}

export type UserRepo = ReturnType<typeof userRepo>;
