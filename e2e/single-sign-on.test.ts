import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestIdp, type TestIdp } from "../apps/server/test/helpers/oidc-idp";
import { registerAccount } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

const CLIENT = { clientId: "numbercheck-browser", clientSecret: "a-long-client-secret-for-the-browser" };

/** A self-signed certificate for 127.0.0.1: the product accepts https issuers only. */
function selfSignedCertificate(dir: string) {
  const key = join(dir, "idp-key.pem");
  const cert = join(dir, "idp-cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-keyout",
      key,
      "-out",
      cert,
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
    ],
    { stdio: "ignore" },
  );
  return { keyPath: key, certPath: cert, key: readFileSync(key, "utf8"), cert: readFileSync(cert, "utf8") };
}

/**
 * Single sign-on as a person meets it (docs/security.md, "Single sign-on"): the built product
 * against a real OpenID Connect provider on 127.0.0.1 over https (apps/server/test/helpers/
 * oidc-idp.ts), its certificate trusted by the server through NODE_EXTRA_CA_CERTS. The Owner's
 * settings and the domain's proof by e-mailed code go through the API; the sign-in goes through
 * the login page: the 960 x 600 popup, and the full redirect where popups are blocked.
 */
describe("single sign-on in the browser", () => {
  let server: RunningServer;
  let idp: TestIdp;
  let browser: Browser;
  let certDir: string;
  const domain = `sso-${Date.now().toString(36)}.example`;
  const person = { sub: "dana", email: `dana@${domain}`, emailVerified: true, name: "Dana Single" };

  beforeAll(async () => {
    certDir = mkdtempSync(join(tmpdir(), "nc-e2e-idp-"));
    const tls = selfSignedCertificate(certDir);
    // The provider sits on loopback: the operator allows private addresses on this server.
    server = await startServer({
      env: {
        CAPTCHA_ENABLED: "false",
        WEBHOOK_ALLOW_PRIVATE_TARGETS: "true",
        NODE_EXTRA_CA_CERTS: tls.certPath,
      },
    });
    idp = await startTestIdp([{ ...CLIENT, redirectUri: `${server.url}/sso/callback` }], {
      tls: { key: tls.key, cert: tls.cert },
    });
    idp.people.set(person.sub, person);
    idp.people.set("eve", { sub: "eve", email: `eve@${domain}`, emailVerified: false, name: "Eve" });

    const sid = await registerAccount(server, "Olive Owner", `olive-${Date.now()}@example.com`);
    const tenantId = (
      await apiCall<{ id: string }>(server, sid, "POST", "/api/tenant", { name: "Single Sign Co" })
    ).id;
    const call = <T>(method: "GET" | "POST", path: string, body?: object) =>
      apiCall<T>(server, sid, method, path, body, tenantId);
    const roles = await call<{ id: string; key: string | null }[]>("GET", "/api/tenant/role");
    await call("POST", `/api/tenant/s/${tenantId}/sso`, {
      issuer: idp.issuer,
      ...CLIENT,
      roleId: roles.find((role) => role.key === "developer")!.id,
      required: false,
    });
    const added = await call<{ id: string }>("POST", `/api/tenant/s/${tenantId}/sso/domains`, { domain });
    await call("POST", `/api/tenant/s/${tenantId}/sso/domains/${added.id}/email`, { local: "admin" });
    const code = await server.waitForCode(`admin@${domain}`, 8);
    await call("POST", `/api/tenant/s/${tenantId}/sso/domains/${added.id}/code`, { code });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await idp?.close();
    await server?.stop();
    if (certDir) rmSync(certDir, { recursive: true, force: true });
  });

  /** A browser that trusts the provider's certificate, as a person's browser trusts a real one. */
  const freshContext = () =>
    browser.newContext({ viewport: { width: 1280, height: 900 }, ignoreHTTPSErrors: true });

  async function continueWithSso(page: Page, email: string) {
    await page.goto(`${server.url}/login`);
    await page.getByTestId("sso-sign-in").click();
    await page.getByTestId("sso-email").fill(email);
    await page.getByTestId("sso-continue").click();
  }

  /** Who the browser is signed in as: the profile page names them. */
  async function signedInAs(context: BrowserContext) {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/profile`);
    await expect.poll(() => page.getByText(person.email).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.close();
  }

  it("a newcomer of the domain signs in through the 960 x 600 popup and joins the organisation", async () => {
    const context = await freshContext();
    const page = await context.newPage();
    // What the page asks of window.open, read back after the click.
    await page.addInitScript(() => {
      const open = window.open.bind(window);
      window.open = (...args: Parameters<typeof window.open>) => {
        (window as unknown as { ssoFeatures: string }).ssoFeatures = String(args[2]);
        return open(...args);
      };
    });
    idp.signInAs(person.sub);
    const popupOpened = page.waitForEvent("popup");
    await continueWithSso(page, person.email);
    const popup = await popupOpened;
    const features = await page.evaluate(() => (window as unknown as { ssoFeatures: string }).ssoFeatures);
    expect(features).toContain("width=960");
    expect(features).toContain("height=600");
    // The popup goes to the provider, back to our callback, posts the outcome and closes.
    await popup.waitForEvent("close", { timeout: 30_000 });
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe("/dashboard");
    await expect.poll(() => page.getByText("Single Sign Co").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await signedInAs(context);
    await context.close();
  });

  it("where popups are blocked, the same sign-in runs as a full redirect", async () => {
    const context = await freshContext();
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.open = () => null;
    });
    idp.signInAs(person.sub);
    await continueWithSso(page, person.email);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toBe("/dashboard");
    await signedInAs(context);
    await context.close();
  });

  it("a refusal by the product (an address the provider never verified) is told on the login page", async () => {
    const context = await freshContext();
    const page = await context.newPage();
    idp.signInAs("eve");
    const popupOpened = page.waitForEvent("popup");
    await continueWithSso(page, `eve@${domain}`);
    const popup = await popupOpened;
    await popup.waitForEvent("close", { timeout: 30_000 });
    await expect
      .poll(() => page.locator(".ant-message-error").count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    expect(new URL(page.url()).pathname).toBe("/login");
    const cookies = await context.cookies(server.url);
    expect(cookies.some((cookie) => cookie.name === "sid")).toBe(false);
    await context.close();
  });
});
