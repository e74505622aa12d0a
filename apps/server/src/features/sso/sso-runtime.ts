import { resolveTxt } from "node:dns/promises";
import * as oidc from "openid-client";
import { AppError } from "../../core/app-error";
import { forbiddenTarget, type Resolve, systemResolve } from "../webhook/index";
import { ssoFetch } from "./sso-fetch";

/** How long a discovered identity provider is reused before its document is read again. */
const DISCOVERY_TTL_MS = 10 * 60_000;

/**
 * The outside world of single sign-on, one per process (services.ts): the DNS resolver of the
 * domain proofs and the identity providers' discovered settings. Tests replace the resolver (no
 * outside DNS is asked) and allow http issuers on loopback (a real provider on 127.0.0.1).
 */
export interface SsoRuntime {
  resolveTxt(domain: string): Promise<string[][]>;
  /** Only tests turn this on: production issuers must be https (docs/security.md, "Single sign-on"). */
  allowHttpIssuer: boolean;
  /**
   * Whether the provider may sit on a private address (the operator's
   * WEBHOOK_ALLOW_PRIVATE_TARGETS; on whenever allowHttpIssuer is). Checked at every connection.
   */
  allowPrivate: boolean;
  /** The DNS look-up of the provider's host names (tests pass their own). */
  resolve: Resolve;
  /** The host and address that keep the server from reaching `url`, or null (the same rule as connecting). */
  forbidden(url: string): Promise<{ host: string; address: string } | null>;
  /** The provider's settings for one organisation's client, discovered from its issuer. */
  client(issuer: string, clientId: string, clientSecret: string): Promise<oidc.Configuration>;
}

export function ssoRuntime(options: { allowPrivate: boolean }): SsoRuntime {
  const cache = new Map<string, { at: number; config: Promise<oidc.Configuration> }>();
  /** The rule for private addresses, at saving and at every connection alike. */
  const guard = () => ({
    allowPrivate: runtime.allowPrivate || runtime.allowHttpIssuer,
    resolve: (host: string) => runtime.resolve(host),
  });
  const runtime: SsoRuntime = {
    resolveTxt,
    allowHttpIssuer: false,
    allowPrivate: options.allowPrivate,
    resolve: systemResolve,
    forbidden: (url) => forbiddenTarget(url, guard()),
    client(issuer, clientId, clientSecret) {
      const key = JSON.stringify([issuer, clientId, clientSecret]);
      const hit = cache.get(key);
      if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.config;
      // openid-client keeps the provider's keys with the configuration and reads them again when
      // an id token names a key it does not hold (key rollover).
      const config = oidc
        .discovery(
          new URL(issuer),
          clientId,
          { client_secret: clientSecret },
          oidc.ClientSecretBasic(clientSecret),
          {
            execute: runtime.allowHttpIssuer ? [oidc.allowInsecureRequests] : [],
            // Kept by the configuration for the keys and the token endpoint too.
            [oidc.customFetch]: ssoFetch(guard()),
            timeout: 10,
          },
        )
        .catch(() => {
          cache.delete(key);
          throw new AppError("ssoIssuerUnreachable");
        });
      if (cache.size > 500) cache.clear();
      cache.set(key, { at: Date.now(), config });
      return config;
    },
  };
  return runtime;
}
