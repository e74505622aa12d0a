import { and, eq, isNull, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { AppError } from "../../core/app-error";
import type { Db } from "../../core/db";
import { sameDigest, sha256, sixDigitCode } from "../../core/tokens";
import { queryRows } from "../../db/query";
import { emailCodes } from "../../db/schema/index";

/** "confirm": a signed-in user proves again who they are before deleting or exporting data. */
export type CodePurpose = "register" | "reset" | "change_email" | "confirm";
export const CODE_TTL_MS = 10 * 60_000;
export const CODE_MAX_ATTEMPTS = 5;

interface CodeTarget {
  partnerId: string;
  email: string;
  purpose: CodePurpose;
  userId?: string;
}

/** Six-digit e-mail codes: 10 minutes, 5 tries, single use; a new code replaces the old one. */
export function emailCodeService(db: Db) {
  const hashFor = (id: string, code: string) => sha256(`${id}:${code}`);

  return {
    async issue(target: CodeTarget): Promise<string> {
      const code = sixDigitCode();
      const id = uuidv7();
      await db.transaction(async (tx) => {
        await tx
          .update(emailCodes)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(emailCodes.partnerId, target.partnerId),
              eq(emailCodes.email, target.email),
              eq(emailCodes.purpose, target.purpose),
              isNull(emailCodes.usedAt),
              // Another user's pending code for the same address stays valid.
              target.userId ? eq(emailCodes.userId, target.userId) : undefined,
            ),
          );
        await tx.insert(emailCodes).values({
          id,
          partnerId: target.partnerId,
          email: target.email,
          purpose: target.purpose,
          userId: target.userId ?? null,
          codeHash: hashFor(id, code),
          expiresAt: new Date(Date.now() + CODE_TTL_MS),
        });
      });
      return code;
    },

    /**
     * Consumes the code or throws codeInvalid. Every guess, right or wrong, first takes one of the
     * tries in a single conditional UPDATE, so parallel guesses cannot read "tries left" before any
     * of them is counted: at most CODE_MAX_ATTEMPTS guesses are ever compared (docs/security.md).
     */
    async consume(target: CodeTarget, code: string): Promise<void> {
      const [row] = await queryRows<{ id: string; code_hash: string }>(
        db,
        sql`
        update email_codes set attempts = attempts + 1
        where id = (
            select id from email_codes
            where partner_id = ${target.partnerId} and email = ${target.email}
              and purpose = ${target.purpose} and used_at is null
              ${target.userId ? sql`and user_id = ${target.userId}` : sql``}
            order by created_at desc
            limit 1)
          and used_at is null and expires_at > now() and attempts < ${CODE_MAX_ATTEMPTS}
        returning id, code_hash`,
      );
      if (!row || !sameDigest(row.code_hash, hashFor(row.id, code))) throw new AppError("codeInvalid");
      // The conditional update makes the code single-use even when two right guesses race.
      const used = await db
        .update(emailCodes)
        .set({ usedAt: new Date() })
        .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.usedAt)))
        .returning({ id: emailCodes.id });
      if (used.length === 0) throw new AppError("codeInvalid");
    },
  };
}

export type EmailCodeService = ReturnType<typeof emailCodeService>;
