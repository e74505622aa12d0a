import type { SessionUser } from "@nc/contracts/auth";
import { PASSKEY_CHALLENGE_MINUTES, PASSKEY_MAX, type Passkey } from "@nc/contracts/passkeys";
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransportFuture,
  RegistrationResponseJSON,
  VerifiedAuthenticationResponse,
  VerifiedRegistrationResponse,
} from "@simplewebauthn/server";
import { AppError } from "../../core/app-error";
import { isUniqueViolation } from "../../core/db";
import type { Caller } from "../../core/request-context";
import { MINUTE_MS } from "../../core/time";
import { randomToken, sha256 } from "../../core/tokens";
import type { Services } from "../../services";
import { enforceLimits } from "../rate-limit/index";
import { type ChallengePurpose, type PasskeyRow, passkeyRepo } from "./passkey-repo";
import { sendSecurityAlert } from "./security-alert";

/**
 * The WebAuthn library, loaded at the first passkey ceremony: ~25 MB of a server's memory that a
 * process serving only checks never needs (docs/performance.md, "Server memory on the embedded
 * database").
 */
const webauthn = () => import("@simplewebauthn/server");

/**
 * The relying party a request speaks for: the host it came on (a partner's own domain, a
 * subdomain, or PUBLIC_URL's host) and that host's origin, so a passkey made on one brand's site
 * is that site's alone (docs/security.md, "Passkeys").
 */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/** Answers that fail to verify, per address, before further ones are refused for a while. */
export const FAILED_ANSWERS_PER_IP = 20;
const FAILED_WINDOW_MS = 15 * MINUTE_MS;

const CHALLENGE_TTL_MS = PASSKEY_CHALLENGE_MINUTES * MINUTE_MS;
/** The WebAuthn user handle: the account id's bytes, no e-mail address or name. */
const userHandle = (userId: string) => new TextEncoder().encode(userId);
const TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

const toPasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

type Meta = { ip?: string | null; userAgent?: string | null };
const metaOf = (caller: Caller): Meta => ({ ip: caller.ip, userAgent: caller.userAgent });

/**
 * Passkeys (WebAuthn, docs/security.md, "Passkeys"): registration on the profile, sign-in with a
 * passkey alone, and a passkey as the second factor after the password. Each request's challenge
 * is random, single-use and short-lived, and bound to the browser by a cookie holding its id.
 */
export function passkeyService(s: Services) {
  const repo = passkeyRepo(s.database.db);
  const db = s.database.db;

  /** A passkey signs in alone: the person hears of each one added or removed (docs/security.md, "Sign-in alerts"). */
  async function alert(
    caller: Caller,
    userId: string,
    kind: "passkeyAdded" | "passkeyRemoved",
    name: string,
  ) {
    const user = await s.users.byId(userId);
    if (user) sendSecurityAlert(s, caller, user, kind, { name });
  }

  async function newChallenge(purpose: ChallengePurpose, userId: string | null, challenge: string) {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
    await repo.createChallenge({ idHash: sha256(token), purpose, userId, challenge, expiresAt });
    return { token, expiresAt };
  }

  async function takeChallenge(token: string | undefined, purpose: ChallengePurpose) {
    if (!token || token.length > 100) throw new AppError("passkeyChallengeInvalid");
    const taken = await repo.consumeChallenge(sha256(token), purpose);
    if (!taken) throw new AppError("passkeyChallengeInvalid");
    return taken;
  }

  /** Failed answers slow an address down, as wrong passwords do (docs/security.md, "Passkeys"). */
  const countFailure = (caller: Caller) =>
    enforceLimits(s.rateStore, [
      { key: `passkey:fail:${caller.ip}`, max: FAILED_ANSWERS_PER_IP, windowMs: FAILED_WINDOW_MS },
    ]);
  /** An address whose failures are used up gets no new challenge either. */
  async function refuseIfThrottled(caller: Caller) {
    if ((await s.rateStore.peek(`passkey:fail:${caller.ip}`)) >= FAILED_ANSWERS_PER_IP)
      await countFailure(caller);
  }

  /**
   * Checks an assertion against a stored passkey. The library's own counter check is handed a
   * zero so the refusal of a copied authenticator is ours, with its own code and audit event.
   */
  async function verifyUse(
    caller: Caller,
    rp: RelyingParty,
    passkey: PasskeyRow,
    challenge: string,
    response: AuthenticationResponseJSON,
    requireUserVerification: boolean,
  ) {
    let info: VerifiedAuthenticationResponse["authenticationInfo"];
    try {
      const answer = await (await webauthn()).verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification,
        credential: {
          id: passkey.credentialId,
          publicKey: Buffer.from(passkey.publicKey, "base64url"),
          counter: 0,
        },
      });
      if (!answer.verified) throw new Error("not verified");
      info = answer.authenticationInfo;
    } catch {
      await countFailure(caller);
      throw new AppError("passkeyInvalid");
    }
    // A counter that does not grow (W3C WebAuthn, "Verifying an Authentication Assertion", step
    // 22): either both are zero, an authenticator that does not count, or this may be a copy.
    const grew = info.newCounter > passkey.signCount || (info.newCounter === 0 && passkey.signCount === 0);
    if (!grew || !(await repo.advanceCounter(passkey.id, info.newCounter, info.credentialBackedUp))) {
      await s.audit.recordAccountEvent(db, passkey.userId, "passkey.clone_refused", metaOf(caller), {
        name: passkey.name,
      });
      throw new AppError("passkeyCloned");
    }
    await s.audit.recordAccountEvent(db, passkey.userId, "passkey.signed_in", metaOf(caller), {
      name: passkey.name,
    });
  }

  /** The stored passkey an answer names, of an account on the site the request came to. */
  async function passkeyOf(caller: Caller, response: AuthenticationResponseJSON) {
    const found = await repo.byCredentialId(response.id);
    if (!found || found.partnerId !== caller.partner.id) {
      await countFailure(caller);
      throw new AppError("passkeyInvalid");
    }
    return found.passkey;
  }

  const signedIn = async (caller: Caller, userId: string) => {
    const user = await s.users.byId(userId);
    if (!user) throw new AppError("passkeyInvalid");
    const session = await s.sessions.create(user.id, { ip: caller.ip, userAgent: caller.userAgent });
    const sessionUser: SessionUser = { id: user.id, email: user.email, name: user.name, locale: user.locale };
    return { user: sessionUser, session };
  };

  return {
    async list(userId: string): Promise<Passkey[]> {
      return (await repo.list(userId)).map(toPasskey);
    },

    /** The browser's request to create a passkey for the signed-in person. */
    async registrationOptions(user: { id: string; email: string; name: string }, rp: RelyingParty) {
      const held = await repo.list(user.id);
      if (held.length >= PASSKEY_MAX) throw new AppError("passkeyLimit", null, { max: PASSKEY_MAX });
      const options = await (await webauthn()).generateRegistrationOptions({
        rpName: rp.name,
        rpID: rp.id,
        userID: userHandle(user.id),
        userName: user.email,
        userDisplayName: user.name,
        attestationType: "none",
        // The same authenticator twice is refused by the browser itself.
        excludeCredentials: held.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransportFuture[],
        })),
        // Discoverable, so the passkey can sign in with no e-mail address typed.
        authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      });
      return { options, cookie: await newChallenge("register", user.id, options.challenge) };
    },

    /** Stores the passkey the browser created, under the name the person gave it. */
    async register(
      caller: Caller,
      userId: string,
      rp: RelyingParty,
      token: string | undefined,
      body: { name: string; response: RegistrationResponseJSON },
    ): Promise<Passkey> {
      const taken = await takeChallenge(token, "register");
      if (taken.userId !== userId) throw new AppError("passkeyChallengeInvalid");
      let info: NonNullable<VerifiedRegistrationResponse["registrationInfo"]>;
      try {
        const answer = await (await webauthn()).verifyRegistrationResponse({
          response: body.response,
          expectedChallenge: taken.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: false,
        });
        if (!answer.verified || !answer.registrationInfo) throw new Error("not verified");
        info = answer.registrationInfo;
      } catch {
        throw new AppError("passkeyInvalid");
      }
      let row: PasskeyRow | null;
      try {
        row = await repo.insertWithinLimit({
          userId,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
          signCount: info.credential.counter,
          transports: (body.response.response.transports ?? []).filter((t) => TRANSPORTS.has(t)),
          name: body.name,
          backedUp: info.credentialBackedUp,
        });
      } catch (error) {
        // The credential is already stored (this account's or another's): it is not added twice.
        if (isUniqueViolation(error)) throw new AppError("passkeyInvalid");
        throw error;
      }
      if (!row) throw new AppError("passkeyLimit", null, { max: PASSKEY_MAX });
      await s.audit.recordAccountEvent(db, userId, "passkey.added", metaOf(caller), { name: row.name });
      await alert(caller, userId, "passkeyAdded", row.name);
      return toPasskey(row);
    },

    async rename(caller: Caller, userId: string, id: string, name: string) {
      const former = await repo.rename(userId, id, name);
      if (former === null) throw new AppError("notFound");
      await s.audit.recordAccountEvent(db, userId, "passkey.renamed", metaOf(caller), { from: former, name });
      return { id, name };
    },

    async remove(caller: Caller, userId: string, id: string) {
      const name = await repo.remove(userId, id);
      if (name === null) throw new AppError("notFound");
      await s.audit.recordAccountEvent(db, userId, "passkey.removed", metaOf(caller), { name });
      await alert(caller, userId, "passkeyRemoved", name);
      return { deleted: true };
    },

    /** A sign-in with a passkey alone: no account named, the authenticator offers its own. */
    async signInOptions(caller: Caller, rp: RelyingParty) {
      await refuseIfThrottled(caller);
      const options = await (await webauthn()).generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: "required",
      });
      return { options, cookie: await newChallenge("sign_in", null, options.challenge) };
    },

    /**
     * The passkey alone opens a session: it is something the person has, unlocked by something
     * they know or are (user verification is required), so no second factor is asked after it.
     */
    async signIn(
      caller: Caller,
      rp: RelyingParty,
      token: string | undefined,
      response: AuthenticationResponseJSON,
    ) {
      const taken = await takeChallenge(token, "sign_in");
      const passkey = await passkeyOf(caller, response);
      const handle = response.response.userHandle;
      if (handle && handle !== Buffer.from(userHandle(passkey.userId)).toString("base64url")) {
        await countFailure(caller);
        throw new AppError("passkeyInvalid");
      }
      await verifyUse(caller, rp, passkey, taken.challenge, response, true);
      return signedIn(caller, passkey.userId);
    },

    /** After the right password, a passkey in place of the app's code: the account's passkeys only. */
    async secondFactorOptions(pending: string | undefined, rp: RelyingParty) {
      if (!pending || pending.length > 100) throw new AppError("twoFactorPendingInvalid");
      const userId = await repo.pendingUser(sha256(pending));
      if (!userId) throw new AppError("twoFactorPendingInvalid");
      const held = await repo.list(userId);
      if (held.length === 0) throw new AppError("passkeyNone");
      const options = await (await webauthn()).generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: "preferred",
        allowCredentials: held.map((p) => ({
          id: p.credentialId,
          transports: p.transports as AuthenticatorTransportFuture[],
        })),
      });
      return { options, cookie: await newChallenge("second_factor", userId, options.challenge) };
    },

    /**
     * The second step with a passkey: it takes one of the pending sign-in's tries as a code does,
     * must be a passkey of that sign-in's account, and ends the pending sign-in once.
     */
    async completeSecondFactor(
      caller: Caller,
      rp: RelyingParty,
      pending: string | undefined,
      token: string | undefined,
      response: AuthenticationResponseJSON,
    ) {
      if (!pending || pending.length > 100) throw new AppError("twoFactorPendingInvalid");
      const taken = await takeChallenge(token, "second_factor");
      const userId = await repo.takePendingTry(sha256(pending));
      if (!userId || userId !== taken.userId) throw new AppError("twoFactorPendingInvalid");
      const passkey = await passkeyOf(caller, response);
      if (passkey.userId !== userId) {
        await countFailure(caller);
        throw new AppError("passkeyInvalid");
      }
      await verifyUse(caller, rp, passkey, taken.challenge, response, false);
      if (!(await repo.endPending(sha256(pending)))) throw new AppError("twoFactorPendingInvalid");
      return signedIn(caller, userId);
    },
  };
}

export type PasskeyService = ReturnType<typeof passkeyService>;
