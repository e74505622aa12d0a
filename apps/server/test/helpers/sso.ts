import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { call, expectOk, type Via } from "./accounts";
import type { TestIdp } from "./oidc-idp";
import { cookieFrom, type TestApp } from "./test-app";

/** The callback the test app registers at the provider: the inject default host is localhost. */
export const TEST_REDIRECT_URI = "http://localhost/sso/callback";

/**
 * A browser at the identity provider: follows its redirects with its cookies until it is sent
 * back to our callback, and answers that address (with the code, state and issuer).
 */
export async function browseToCallback(url: string): Promise<URL> {
  const jar = new Map<string, string>();
  let next = url;
  for (let hop = 0; hop < 12; hop++) {
    if (next.startsWith(TEST_REDIRECT_URI)) return new URL(next);
    const res = await fetch(next, {
      redirect: "manual",
      headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const pair = cookie.split(";")[0]!;
      const at = pair.indexOf("=");
      const value = pair.slice(at + 1);
      if (value === "" || /expires=Thu, 01 Jan 1970/i.test(cookie)) jar.delete(pair.slice(0, at));
      else jar.set(pair.slice(0, at), value);
    }
    const location = res.headers.get("location");
    if (!location) throw new Error(`the provider stopped at ${next}: ${res.status} ${await res.text()}`);
    next = new URL(location, next).toString();
  }
  throw new Error("too many redirects at the provider");
}

/** Starts a single sign-on for the e-mail: the provider's address and the attempt's cookie. */
export async function startSso(t: TestApp, email: string, via: Via = {}) {
  const res = await call(t, "POST", "/api/tenant/pub/sso/start", { email, popup: true }, via);
  const { url } = expectOk<{ url: string }>(res);
  const attempt = cookieFrom(res, "sso");
  expect(attempt).toBeTruthy();
  return { url, attempt: attempt! };
}

/** Our callback, as the browser comes back to it with the attempt's cookie. */
export function answerCallback(t: TestApp, callback: URL, attempt: string): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: "GET",
    url: `${callback.pathname}${callback.search}`,
    cookies: { sso: attempt },
  });
}

/** The whole sign-in as `sub` at the provider: start, the provider's pages, our callback. */
export async function signInWithSso(t: TestApp, idp: TestIdp, email: string, sub: string) {
  const { url, attempt } = await startSso(t, email);
  idp.signInAs(sub);
  const callback = await browseToCallback(url);
  return answerCallback(t, callback, attempt);
}

/** What the callback page posted to the opener (the popup's outcome). */
export function popupMessage(res: LightMyRequestResponse): { ok: boolean; code: number; message: string } {
  const match = /var d=(\{.*?\});var o=/s.exec(res.body);
  if (!match) throw new Error(`no message in the callback page: ${res.body}`);
  return (JSON.parse(match[1]!) as { message: { ok: boolean; code: number; message: string } }).message;
}
