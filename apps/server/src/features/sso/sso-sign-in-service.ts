import type { SessionUser } from "@nc/contracts/auth";
import { MAX_TENANTS_PER_USER } from "@nc/contracts/tenancy";
import * as oidc from "openid-client";
import { AppError } from "../../core/app-error";
import type { Caller } from "../../core/request-context";
import { MINUTE_MS } from "../../core/time";
import { randomToken, sha256 } from "../../core/tokens";
import type { Services } from "../../services";
import { hashPassword } from "../auth/index";
import { unsealSecret } from "../system/index";
import { type SsoTenantRow, ssoRepo } from "./sso-repo";

/** How long the identity provider's page may take before the answer is refused. */
const LOGIN_TTL_MS = 10 * MINUTE_MS;

const domainOf = (email: string) => email.slice(email.lastIndexOf("@") + 1).toLowerCase();

export interface SsoSignedIn {
  user: SessionUser;
  session: { token: string; expiresAt: Date };
  popup: boolean;
}

/**
 * Sign-in with an organisation's identity provider (docs/security.md, "Single sign-on"):
 * authorization code with PKCE, state and nonce (openid-client), the id token checked for
 * issuer, audience, nonce, expiry and signature; then a session through the same session service
 * as the password and passkeys, and for a newcomer an account and membership (just in time).
 */
export function ssoSignInService(
  s: Pick<Services, "database" | "audit" | "sessions" | "users" | "sso">,
  log: { warn(obj: object, msg: string): void },
) {
  const db = s.database.db;
  const repo = ssoRepo(db);

  const clientOf = async (row: SsoTenantRow) =>
    s.sso.client(row.issuer, row.client_id, await unsealSecret(db, row.tenant_id, row.client_secret_sealed));

  /**
   * The account of this e-mail on the partner, made now when there is none (just in time). A new
   * account gets a password nobody knows: the person signs in by the organisation, or sets one
   * with "forgot password", which proves the mailbox.
   */
  async function personFor(caller: Caller, email: string, name: string) {
    const existing = await s.users.byEmail(caller.partner.id, email);
    if (existing) return existing;
    const made = await s.users.create({
      partnerId: caller.partner.id,
      email,
      name: (name.trim() || email.slice(0, email.indexOf("@"))).slice(0, 64),
      passwordHash: await hashPassword(randomToken()),
      locale: caller.locale,
    });
    // A parallel sign-in made it first.
    const user = made ?? (await s.users.byEmail(caller.partner.id, email));
    if (!user) throw new AppError("internal");
    return user;
  }

  return {
    /** The identity provider's address for this e-mail's organisation, and the cookie of the attempt. */
    async start(caller: Caller, email: string, popup: boolean, redirectUri: string) {
      const row = await repo.tenantForDomain(caller.partner.id, domainOf(email));
      if (!row) throw new AppError("ssoUnavailable");
      const config = await clientOf(row);
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid email profile",
        response_type: "code",
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
        login_hint: email,
      });
      const token = randomToken();
      const expiresAt = new Date(Date.now() + LOGIN_TTL_MS);
      await repo.startLogin({
        idHash: sha256(token),
        tenantId: row.tenant_id,
        state,
        nonce,
        codeVerifier,
        redirectUri,
        popup,
        expiresAt,
      });
      return { url: url.toString(), cookie: { token, expiresAt } };
    },

    /**
     * The identity provider's answer. The attempt is taken (deleted) first, so an answer counts
     * once; whatever fails to verify is 40092, with the reason in the log only.
     */
    async complete(caller: Caller, token: string | undefined, currentUrl: URL): Promise<SsoSignedIn> {
      const login = token ? await repo.takeLogin(sha256(token)) : undefined;
      if (!login) throw new AppError("ssoFailed");
      const row = await repo.tenantById(login.tenantId);
      if (!row) throw new AppError("ssoFailed");
      // The answer arrives on the callback of this site; openid-client compares it with the
      // redirect URI the attempt was started with.
      const answered = new URL(login.redirectUri);
      answered.search = currentUrl.search;
      let claims: Record<string, unknown>;
      try {
        const config = await clientOf(row);
        const tokens = await oidc.authorizationCodeGrant(config, answered, {
          pkceCodeVerifier: login.codeVerifier,
          expectedState: login.state,
          expectedNonce: login.nonce,
          idTokenExpected: true,
        });
        const idToken = tokens.claims();
        if (!idToken) throw new Error("no id token");
        // Providers may leave the scope's claims out of the id token and answer them at the
        // UserInfo endpoint (OpenID Connect Core 5.4); its subject must be the id token's.
        claims = {
          ...idToken,
          ...(idToken.email === undefined
            ? await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub)
            : {}),
        };
      } catch (error) {
        log.warn({ err: error, tenantId: row.tenant_id }, "single sign-on answer refused");
        throw new AppError("ssoFailed");
      }
      if (claims.email_verified !== true || typeof claims.email !== "string")
        throw new AppError("ssoEmailUnverified");
      const email = claims.email.trim().toLowerCase();
      if (!(await repo.provenBy(row.tenant_id, domainOf(email)))) throw new AppError("ssoUnavailable");

      const user = await personFor(caller, email, typeof claims.name === "string" ? claims.name : "");
      const meta = { ip: caller.ip, userAgent: caller.userAgent };
      await db.transaction(async (tx) => {
        const role = await repo.join(tx, row.tenant_id, user.id, row.role_id, MAX_TENANTS_PER_USER);
        const event = { tenantId: row.tenant_id, actor: { type: "user", id: user.id } as const, ...meta };
        if (role)
          await s.audit.record(tx, {
            ...event,
            action: "sso.member_created",
            target: { type: "user", id: user.id },
            details: { email, role },
          });
        await s.audit.record(tx, {
          ...event,
          action: "sso.signed_in",
          target: { type: "user", id: user.id },
          details: { email, issuer: row.issuer },
        });
      });
      const session = await s.sessions.create(user.id, meta, row.tenant_id);
      return {
        user: { id: user.id, email: user.email, name: user.name, locale: user.locale },
        session,
        popup: login.popup,
      };
    },
  };
}
