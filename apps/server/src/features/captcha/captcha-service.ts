import { createChallenge, verifySolution } from "altcha-lib";
import { sql } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import type { Db } from "../../core/db";
import { queryRows } from "../../db/query";
import { sharedSecret } from "../system/index";

const CHALLENGE_TTL_MS = 10 * 60_000;

export interface CaptchaChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

/**
 * A self-hosted proof-of-work captcha (the ALTCHA scheme): the browser searches for a number whose
 * hash matches, which costs a person a moment and a bulk sender real compute. Each solution is
 * accepted once.
 */
export function captchaService(db: Db, options: { enabled: boolean; difficulty: number }) {
  const key = () => sharedSecret(db, "captcha_hmac_key");

  return {
    enabled: options.enabled,

    async challenge(): Promise<CaptchaChallenge | null> {
      if (!options.enabled) return null;
      return createChallenge({
        hmacKey: await key(),
        maxNumber: options.difficulty,
        expires: new Date(Date.now() + CHALLENGE_TTL_MS),
      });
    },

    /** Throws captchaRequired when missing and captchaInvalid when wrong, expired or replayed. */
    async verify(payload: string | undefined): Promise<void> {
      if (!options.enabled) return;
      if (!payload) throw new AppError("captchaRequired", { captchaRequired: true });
      let valid = false;
      let signature = "";
      try {
        valid = await verifySolution(payload, await key(), true);
        signature = (JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { signature: string })
          .signature;
      } catch {
        valid = false;
      }
      if (!valid || !signature) throw new AppError("captchaInvalid", { captchaRequired: true });
      const spent = await queryRows<{ signature: string }>(
        db,
        sql`
        insert into captcha_spent (signature, expires_at)
        values (${signature}, now() + interval '15 minutes')
        on conflict (signature) do nothing
        returning signature`,
      );
      if (spent.length === 0) throw new AppError("captchaInvalid", { captchaRequired: true });
    },
  };
}

export type CaptchaService = ReturnType<typeof captchaService>;
