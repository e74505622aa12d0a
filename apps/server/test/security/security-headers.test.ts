import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pagePolicy } from "../../src/http/security-headers";
import { type Account, call, expectOk, login, registerUser, sessionUser } from "../helpers/accounts";
import { createTestApp, type TestApp } from "../helpers/test-app";

// Headers every answer carries, HSTS and the __Host- session cookie over https
// (docs/security.md, "Hosts, links, headers and cross-site requests").
const TLS = { "x-forwarded-proto": "https" };

describe("security headers and the session cookie", () => {
  let t: TestApp;
  let account: Account;

  beforeAll(async () => {
    // A trusted proxy, so X-Forwarded-Proto can say the browser is on https.
    t = await createTestApp({ TRUST_PROXY: "true" });
    account = await registerUser(t);
  });
  afterAll(() => t?.close());

  it("gives API answers a policy that loads and runs nothing, and switches powerful features off", async () => {
    const res = await call(t, "GET", "/api/tenant/partner/info");
    expect(res.headers["content-security-policy"]).toBe(
      "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    expect(res.headers["permissions-policy"]).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("sends HSTS only over https (a trusted proxy's, or an https PUBLIC_URL)", async () => {
    expect(
      (await call(t, "GET", "/api/tenant/partner/info")).headers["strict-transport-security"],
    ).toBeUndefined();
    const tls = await call(t, "GET", "/api/tenant/partner/info", undefined, { headers: TLS });
    expect(tls.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");

    const own = await createTestApp({
      PUBLIC_URL: "https://numbers.example",
      HSTS_INCLUDE_SUBDOMAINS: "false",
    });
    try {
      const res = await call(own, "GET", "/api/tenant/partner/info");
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000");
    } finally {
      await own.close();
    }
  });

  it("lets a page run only its own files and what carries its nonce", () => {
    const policy = pagePolicy("abc123", "production");
    expect(policy).toContain("script-src 'self' 'nonce-abc123'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe/);
    for (const directive of [
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
      "worker-src 'self'",
    ]) {
      expect(policy).toContain(directive);
    }
    // Development lets Vite's own scripts, styles and WebSocket through.
    expect(pagePolicy("abc123", "development")).toContain("connect-src 'self' ws: wss:");
  });

  it("names the session cookie __Host-sid over https, and still reads a sid set before the move", async () => {
    const tls = await login(t, account.email, account.password, { headers: TLS });
    const cookie = tls.cookies.find((c) => c.name === "__Host-sid")!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: "/", sameSite: "Lax" });
    expect(cookie.domain).toBeUndefined();
    const session = (sid: string, name: string) =>
      t.app.inject({ url: "/api/_auth/session", headers: TLS, cookies: { [name]: sid } });
    expect(expectOk<{ user: { id: string } }>(await session(cookie.value, "__Host-sid")).user.id).toBe(
      account.id,
    );

    // A session from before the site moved to https, under the old name.
    const plain = await login(t, account.email, account.password);
    const legacy = plain.cookies.find((c) => c.name === "sid")!.value;
    expect(expectOk<{ user: { id: string } }>(await session(legacy, "sid")).user.id).toBe(account.id);
    expect(await sessionUser(t, legacy)).toMatchObject({ id: account.id });

    // The next sign-in over https replaces it: the new cookie is set, the old name cleared.
    const again = await t.app.inject({
      method: "POST",
      url: "/api/tenant/pub/login",
      headers: TLS,
      cookies: { sid: legacy },
      payload: { email: account.email, password: account.password },
    });
    expect(again.cookies.find((c) => c.name === "__Host-sid")?.value).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    const cleared = again.cookies.find((c) => c.name === "sid")!;
    expect(cleared.value).toBe("");
    expect(await sessionUser(t, legacy)).toBeNull();
  });
});
