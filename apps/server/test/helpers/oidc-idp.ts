import { generateKeyPairSync, type KeyObject, randomUUID, sign } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import type { AddressInfo } from "node:net";
import Provider, { type KoaContext } from "oidc-provider";

/** A person the test identity provider knows: what its id token says of them. */
export interface IdpPerson {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

export interface IdpClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, for the single
 * sign-on tests (docs/security.md, "Single sign-on"): clients registered for the test app, people
 * found by `findAccount`, RS256 keys of its own that `rotateKeys` replaces by restarting the
 * provider with a new key (another `kid`). The sign-in page is replaced by `signInAs`: the next
 * interaction signs that person in and grants the scopes asked for. `tamper` makes the provider
 * misbehave: the next id token's claims are changed and signed again with the provider's own key,
 * as a broken or hostile provider would send them.
 */
export interface TestIdp {
  issuer: string;
  kid: string;
  people: Map<string, IdpPerson>;
  signInAs(sub: string): void;
  tamper(change: ((claims: Record<string, unknown>) => Record<string, unknown>) | null): void;
  rotateKeys(): void;
  close(): Promise<void>;
}

function newKey() {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomUUID();
  const jwk = { ...privateKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  return { kid, jwk, privateKey };
}

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** An id token with changed claims, signed with the provider's own key and kid. */
function resign(
  token: string,
  key: { kid: string; privateKey: KeyObject },
  change: (c: Record<string, unknown>) => Record<string, unknown>,
) {
  const [, payload] = token.split(".");
  const claims = change(JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")));
  const input = `${b64({ alg: "RS256", kid: key.kid, typ: "JWT" })}.${b64(claims)}`;
  return `${input}.${sign("sha256", Buffer.from(input), key.privateKey).toString("base64url")}`;
}

/**
 * `tls` serves it over https with that key and certificate (the browser tests run the built
 * product, which accepts https issuers only, and trusts the certificate by NODE_EXTRA_CA_CERTS).
 */
export async function startTestIdp(
  clients: IdpClient[],
  options: { tls?: { key: string; cert: string } } = {},
): Promise<TestIdp> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const listener = (req: IncomingMessage, res: ServerResponse) => handler(req, res);
  const server: Server = options.tls ? createTlsServer(options.tls, listener) : createServer(listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const scheme = options.tls ? "https" : "http";
  const issuer = `${scheme}://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const people = new Map<string, IdpPerson>();
  let nextSub = "";
  let change: ((claims: Record<string, unknown>) => Record<string, unknown>) | null = null;
  let key = newKey();

  function build() {
    const signing = key;
    const provider = new Provider(issuer, {
      clients: clients.map((c) => ({
        client_id: c.clientId,
        client_secret: c.clientSecret,
        redirect_uris: [c.redirectUri],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_basic",
      })),
      jwks: { keys: [signing.jwk] },
      cookies: { keys: ["test-idp-cookie-key"] },
      claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
      features: { devInteractions: { enabled: false } },
      pkce: { required: () => true },
      findAccount: async (_ctx: unknown, sub: string) => {
        const person = people.get(sub);
        if (!person) return undefined;
        return {
          accountId: sub,
          claims: async () => ({
            sub,
            email: person.email,
            email_verified: person.emailVerified,
            name: person.name,
          }),
        };
      },
      // The consent a person would give: every scope the client asked for.
      loadExistingGrant: async (ctx: KoaContext) => {
        const grant = new ctx.oidc.provider.Grant({
          clientId: ctx.oidc.client.clientId,
          accountId: ctx.oidc.session.accountId,
        });
        grant.addOIDCScope("openid email profile");
        await grant.save();
        return grant;
      },
    });
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path === "/token" && change && body?.id_token) {
        body.id_token = resign(body.id_token, signing, change);
        change = null;
      }
    });
    const callback = provider.callback();
    handler = (req, res) => {
      if (!req.url?.startsWith("/interaction/")) return callback(req, res);
      // The sign-in page: the person chosen by the test signs in.
      provider
        .interactionFinished(req, res, { login: { accountId: nextSub } }, { mergeWithLastSubmission: false })
        .catch((error: unknown) => {
          res.statusCode = 500;
          res.end(String(error));
        });
    };
  }
  build();

  return {
    issuer,
    get kid() {
      return key.kid;
    },
    people,
    signInAs(sub) {
      nextSub = sub;
    },
    tamper(next) {
      change = next;
    },
    rotateKeys() {
      key = newKey();
      build();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
