import { createHmac, timingSafeEqual } from "node:crypto";
import { RECOVERY_CODE_COUNT, REMEMBER_BROWSER_DAYS } from "@nc/contracts/two-factor";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { AppError } from "../../core/app-error";
import type { Db, Runner } from "../../core/db";
import { DAY_MS, MINUTE_MS } from "../../core/time";
import { randomToken, sha256 } from "../../core/tokens";
import { queryRows } from "../../db/query";
import { twoFactorChallenges, twoFactorRecoveryCodes, userTwoFactor } from "../../db/schema/index";
import type { AuditService } from "../audit/index";
import { sealSecret, sharedSecret, unsealSecret } from "../system/index";
import { formatRecoveryCode, newRecoveryCode, recoveryCodeHash } from "./recovery-codes";
import { matchingStep, newTotpSecret, otpauthUri } from "./totp";
import { forgetRememberedBrowsers } from "./user-repo";

/** How long the code may be entered after the right password. */
export const CHALLENGE_TTL_MS = 5 * MINUTE_MS;
/** Codes one pending sign-in may try, as an e-mailed code (docs/security.md, "Two-factor sign-in"). */
export const CHALLENGE_MAX_TRIES = 5;
/** Codes one account may try per window, whatever the sign-in, set-up or switch-off they come from. */
export const ACCOUNT_MAX_TRIES = 10;
export const ACCOUNT_TRIES_WINDOW_MINUTES = 15;
export const REMEMBER_BROWSER_MS = REMEMBER_BROWSER_DAYS * DAY_MS;

type Meta = { ip?: string | null; userAgent?: string | null };

/** The tries this guess took: what the statement returned. */
interface Try {
  user_id: string;
  secret_sealed: string;
  tries: number;
}

const windowOver = sql.raw(`tries_since <= now() - interval '${ACCOUNT_TRIES_WINDOW_MINUTES} minutes'`);
/** One try of the account's window, counted in the statement that checks there is one left. */
const takeAccountTry = sql`
  tries = case when ${windowOver} then 1 else tries + 1 end,
  tries_since = case when ${windowOver} then now() else tries_since end`;
const accountTryLeft = sql`(${windowOver} or tries < ${ACCOUNT_MAX_TRIES})`;

/**
 * Two-factor sign-in with an authenticator app (docs/security.md, "Two-factor sign-in"): set-up,
 * switch-off, the sign-in's second step and the browsers it remembers.
 */
export function twoFactorService(db: Db, audit: Pick<AuditService, "recordAccountEvent">) {
  const key = async (name: string) => Buffer.from(await sharedSecret(db, name), "hex");

  /** Sealed under the installation's key, bound to the person (docs/security.md, "Two-factor sign-in"). */
  const seal = (userId: string, secret: string) => sealSecret(db, userId, secret);
  const unseal = (userId: string, sealed: string) => unsealSecret(db, userId, sealed);

  const row = async (userId: string) =>
    (await db.select().from(userTwoFactor).where(eq(userTwoFactor.userId, userId)))[0];

  /** Minutes until the account's window of tries starts again, for the refusal's message. */
  async function triesUsed(userId: string): Promise<AppError> {
    const found = await row(userId);
    const endsAt = (found?.triesSince.getTime() ?? Date.now()) + ACCOUNT_TRIES_WINDOW_MINUTES * MINUTE_MS;
    const minutes = Math.max(1, Math.ceil((endsAt - Date.now()) / MINUTE_MS));
    return new AppError("twoFactorTriesUsed", null, { minutes }, { "Retry-After": String(minutes * 60) });
  }

  /** Why no try was taken: not in the state asked for, or the account's tries are used up. */
  async function noTryLeft(userId: string, enabled: boolean): Promise<AppError> {
    const found = await row(userId);
    if (!found) return new AppError("twoFactorNotOn");
    if (Boolean(found.enabledAt) !== enabled)
      return new AppError(enabled ? "twoFactorNotOn" : "twoFactorAlreadyOn");
    return triesUsed(userId);
  }

  /** A try of a signed-in person (set-up, switch-off): the account's window only. */
  async function takeTry(userId: string, enabled: boolean): Promise<Try | null> {
    const [taken] = await queryRows<Try>(
      db,
      sql`update user_two_factor set ${takeAccountTry}
          where user_id = ${userId} and enabled_at is ${enabled ? sql`not null` : sql`null`} and ${accountTryLeft}
          returning user_id, secret_sealed, tries`,
    );
    return taken ?? null;
  }

  /**
   * Checks a code whose try was taken. The app's code must be of a later step than the last one
   * accepted (a code is accepted once); a recovery code is spent by one conditional update.
   */
  async function accept(
    taken: Try,
    code: string,
    meta: Meta,
    runner: Runner = db,
  ): Promise<"totp" | "recovery" | null> {
    if (/^\d{6}$/.test(code)) {
      const step = matchingStep(await unseal(taken.user_id, taken.secret_sealed), code, Date.now());
      if (step === null) return null;
      const moved = await runner
        .update(userTwoFactor)
        .set({ lastStep: step, tries: 0 })
        .where(
          and(
            eq(userTwoFactor.userId, taken.user_id),
            sql`(${userTwoFactor.lastStep} is null or ${userTwoFactor.lastStep} < ${step})`,
          ),
        )
        .returning({ userId: userTwoFactor.userId });
      return moved.length === 1 ? "totp" : null;
    }
    const spent = await runner
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: new Date() })
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, taken.user_id),
          eq(twoFactorRecoveryCodes.codeHash, recoveryCodeHash(taken.user_id, code)),
          isNull(twoFactorRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id });
    if (spent.length === 0) return null;
    await runner.update(userTwoFactor).set({ tries: 0 }).where(eq(userTwoFactor.userId, taken.user_id));
    await audit.recordAccountEvent(runner, taken.user_id, "auth.recovery_code_used", meta, {
      left: await recoveryCodesLeft(taken.user_id, runner),
    });
    return "recovery";
  }

  /** A wrong code: the one that used the account's last try is written to the audit log. */
  async function refuse(taken: Try, meta: Meta): Promise<never> {
    if (taken.tries === ACCOUNT_MAX_TRIES) {
      await audit.recordAccountEvent(db, taken.user_id, "auth.two_factor_locked", meta);
    }
    throw new AppError("twoFactorCodeInvalid");
  }

  async function recoveryCodesLeft(userId: string, runner: Runner = db) {
    const [left] = await runner
      .select({ n: count() })
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
    return left?.n ?? 0;
  }

  /** Replaces the account's recovery codes with ten new ones; answers them formatted, this once. */
  async function replaceRecoveryCodes(runner: Runner, userId: string): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await runner.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
    await runner
      .insert(twoFactorRecoveryCodes)
      .values(codes.map((c) => ({ id: uuidv7(), userId, codeHash: recoveryCodeHash(userId, c) })));
    return codes.map(formatRecoveryCode);
  }

  const trustMac = async (userId: string, expires: number, nonce: string) =>
    createHmac("sha256", await key("two_factor_trust_key"))
      .update(`${userId}.${expires}.${nonce}`)
      .digest("base64url");

  return {
    async status(userId: string) {
      const found = await row(userId);
      const enabled = Boolean(found?.enabledAt);
      return {
        enabled,
        enabledAt: found?.enabledAt?.toISOString() ?? null,
        recoveryCodesLeft: enabled ? await recoveryCodesLeft(userId) : 0,
      };
    },

    async isEnabled(userId: string) {
      return Boolean((await row(userId))?.enabledAt);
    },

    /**
     * A new secret for the app, shown this once (QR code and text). Until a code from it is
     * confirmed nothing changes at sign-in; a new set-up replaces an unconfirmed one.
     */
    async setup(userId: string, issuer: string, account: string) {
      const secret = newTotpSecret();
      const sealed = await seal(userId, secret);
      const saved = await queryRows<{ user_id: string }>(
        db,
        sql`insert into user_two_factor (user_id, secret_sealed, trust_nonce)
            values (${userId}, ${sealed}, ${randomToken()})
            on conflict (user_id) do update set secret_sealed = excluded.secret_sealed, last_step = null
              where user_two_factor.enabled_at is null
            returning user_id`,
      );
      if (saved.length === 0) throw new AppError("twoFactorAlreadyOn");
      return { secret, uri: otpauthUri(secret, issuer, account) };
    },

    /** Turns it on with a code of the new secret; answers the recovery codes, shown this once. */
    async enable(userId: string, code: string, meta: Meta) {
      const taken = await takeTry(userId, false);
      if (!taken) throw await noTryLeft(userId, false);
      let codes: string[] = [];
      const turnedOn = await db.transaction(async (tx) => {
        if ((await accept(taken, code, meta, tx)) === null) return false;
        const on = await tx
          .update(userTwoFactor)
          .set({ enabledAt: new Date(), trustNonce: randomToken() })
          .where(and(eq(userTwoFactor.userId, userId), isNull(userTwoFactor.enabledAt)))
          .returning({ userId: userTwoFactor.userId });
        if (on.length === 0) return false;
        codes = await replaceRecoveryCodes(tx, userId);
        await audit.recordAccountEvent(tx, userId, "auth.two_factor_enabled", meta);
        return true;
      });
      if (!turnedOn) await refuse(taken, meta);
      return { recoveryCodes: codes };
    },

    /**
     * Ten new recovery codes for a fresh code of the app (a recovery code cannot make more); the
     * old ones stop working in the same transaction.
     */
    async regenerateRecoveryCodes(userId: string, code: string, meta: Meta) {
      const taken = await takeTry(userId, true);
      if (!taken) throw await noTryLeft(userId, true);
      let codes: string[] = [];
      const done = await db.transaction(async (tx) => {
        if ((await accept(taken, code, meta, tx)) !== "totp") return false;
        codes = await replaceRecoveryCodes(tx, userId);
        await audit.recordAccountEvent(tx, userId, "auth.recovery_codes_regenerated", meta);
        return true;
      });
      if (!done) await refuse(taken, meta);
      return { recoveryCodes: codes };
    },

    /** Turns it off; the caller has checked the password. A code of the app or a recovery code. */
    async disable(userId: string, code: string, meta: Meta) {
      const taken = await takeTry(userId, true);
      if (!taken) throw await noTryLeft(userId, true);
      const off = await db.transaction(async (tx) => {
        if ((await accept(taken, code, meta, tx)) === null) return false;
        await tx.delete(userTwoFactor).where(eq(userTwoFactor.userId, userId));
        await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
        await tx.delete(twoFactorChallenges).where(eq(twoFactorChallenges.userId, userId));
        await audit.recordAccountEvent(tx, userId, "auth.two_factor_disabled", meta);
        return true;
      });
      if (!off) await refuse(taken, meta);
      return { disabled: true };
    },

    /**
     * A code (or a recovery code) of a signed-in person with two-factor sign-in on, as a fresh
     * proof (docs/security.md, "Step-up"); takes one of the account's tries like any other code.
     */
    async verify(userId: string, code: string, meta: Meta) {
      const taken = await takeTry(userId, true);
      if (!taken) throw await noTryLeft(userId, true);
      if ((await accept(taken, code, meta)) === null) await refuse(taken, meta);
    },

    /** After the right password: a pending sign-in, its id for the cookie. */
    async challenge(userId: string) {
      const token = randomToken();
      const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
      await db.insert(twoFactorChallenges).values({ idHash: sha256(token), userId, expiresAt });
      return { token, expiresAt };
    },

    /**
     * The second step of a sign-in: the code (or a recovery code) for the pending sign-in behind
     * the cookie. Each guess takes one of the sign-in's tries and one of the account's in a single
     * statement before it is compared, so parallel guesses get no more than the limits; the
     * pending sign-in is then used up by one conditional delete, so it makes one session.
     */
    async completeSignIn(token: string | undefined, code: string, meta: Meta): Promise<string> {
      if (!token || token.length > 100) throw new AppError("twoFactorPendingInvalid");
      const idHash = sha256(token);
      const [guess] = await queryRows<{
        user_id: string;
        secret_sealed: string | null;
        tries: number | null;
      }>(
        db,
        sql`with c as (
              update two_factor_challenges set attempts = attempts + 1
              where id_hash = ${idHash} and expires_at > now() and attempts < ${CHALLENGE_MAX_TRIES}
              returning user_id
            ), f as (
              update user_two_factor set ${takeAccountTry}
              from c
              where user_two_factor.user_id = c.user_id and enabled_at is not null and ${accountTryLeft}
              returning user_two_factor.user_id, secret_sealed, tries
            )
            select c.user_id, f.secret_sealed, f.tries from c left join f on true`,
      );
      if (!guess) throw new AppError("twoFactorPendingInvalid");
      if (guess.secret_sealed === null || guess.tries === null) {
        const error = await noTryLeft(guess.user_id, true);
        throw error.key === "twoFactorTriesUsed" ? error : new AppError("twoFactorPendingInvalid");
      }
      const taken: Try = { user_id: guess.user_id, secret_sealed: guess.secret_sealed, tries: guess.tries };
      const done = await db.transaction(async (tx) => {
        if ((await accept(taken, code, meta, tx)) === null) return false;
        const used = await tx
          .delete(twoFactorChallenges)
          .where(eq(twoFactorChallenges.idHash, idHash))
          .returning({ userId: twoFactorChallenges.userId });
        if (used.length === 0) throw new AppError("twoFactorPendingInvalid");
        return true;
      });
      if (!done) await refuse(taken, meta);
      return taken.user_id;
    },

    /** The "remember this browser" cookie: the user, its expiry, signed with the account's nonce. */
    async trustCookie(userId: string) {
      const found = await row(userId);
      if (!found?.enabledAt) return null;
      const expiresAt = new Date(Date.now() + REMEMBER_BROWSER_MS);
      const expires = Math.floor(expiresAt.getTime() / 1000);
      return {
        value: `${userId}.${expires}.${await trustMac(userId, expires, found.trustNonce)}`,
        expiresAt,
      };
    },

    /** Whether the cookie is one this account signed and has not forgotten (new nonce, switch-off). */
    async trusts(userId: string, cookie: string | undefined): Promise<boolean> {
      if (!cookie || cookie.length > 200) return false;
      const [who, expiresText, mac] = cookie.split(".");
      const expires = Number(expiresText);
      if (who !== userId || !mac || !Number.isSafeInteger(expires) || expires * 1000 <= Date.now())
        return false;
      const found = await row(userId);
      if (!found?.enabledAt) return false;
      const expected = Buffer.from(await trustMac(userId, expires, found.trustNonce));
      const given = Buffer.from(mac);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },

    /** Forgets every browser this account remembered: a new nonce, so no signed cookie matches. */
    async forgetBrowsers(userId: string, meta: Meta) {
      await db.transaction(async (tx) => {
        await forgetRememberedBrowsers(tx, userId);
        await audit.recordAccountEvent(tx, userId, "auth.browsers_forgotten", meta);
      });
      return { forgotten: true };
    },
  };
}

export type TwoFactorService = ReturnType<typeof twoFactorService>;
