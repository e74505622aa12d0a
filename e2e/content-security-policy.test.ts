import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

const PUBLIC_PAGES = [
  "/",
  "/login",
  "/register",
  "/zh-Hans/login",
  "/docs/getting-started",
  "/policies/privacy",
  "/docs",
];
const DASHBOARD_PAGES = [
  "/dashboard",
  "/dashboard/detection",
  "/dashboard/history",
  "/dashboard/price",
  "/dashboard/account",
  "/dashboard/account/recharge",
  "/dashboard/api-keys",
  "/dashboard/api-usage",
  "/dashboard/tenant",
  "/dashboard/tenant/role/add",
  "/dashboard/profile",
];

/**
 * Every page runs under its Content-Security-Policy (docs/security.md) with nothing refused: the
 * inline scripts carry the page's nonce, the captcha's worker and the API reference load from this
 * site, nothing calls eval. Any violation, in the page or its worker, fails the test.
 */
describe("pages under the Content-Security-Policy", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  const violations: string[] = [];

  function watch(page: Page) {
    page.on("console", (message) => {
      if (/Content.Security.Policy|CSP violation/i.test(message.text())) violations.push(message.text());
    });
    page.on("worker", (worker) =>
      worker.on("console", (message) => {
        if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
      }),
    );
    return page;
  }

  /** Opens a page, waits for it to settle, and checks its policy header. */
  async function visit(page: Page, path: string) {
    const response = await page.goto(server.url + path, { waitUntil: "networkidle" });
    const policy = response?.headers()["content-security-policy"] ?? "";
    expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(policy).toContain("object-src 'none'");
    expect(response?.headers()["permissions-policy"]).toContain("camera=()");
    await page.waitForTimeout(300);
  }

  beforeAll(async () => {
    // The captcha stays on, so its Web Worker runs under the policy too.
    server = await startServer({ env: { CAPTCHA_ENABLED: "true" } });
    browser = await launchBrowser();
    context = await browser.newContext();
    // Reports what the browser refused, whatever its console says about it.
    await context.addInitScript(() =>
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(
          `CSP violation: ${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
        ),
      ),
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("gives each page its own nonce on every inline script", async () => {
    const first = await fetch(`${server.url}/login`);
    const second = await fetch(`${server.url}/login`);
    const nonceOf = (policy: string | null) => /'nonce-([^']+)'/.exec(policy ?? "")?.[1];
    const nonce = nonceOf(first.headers.get("content-security-policy"));
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(nonce);
    const html = await first.text();
    const tags = html.match(/<script\b[^>]*>/g) ?? [];
    const inline = tags.filter((tag) => !/\bsrc=/.test(tag));
    expect(inline.length).toBeGreaterThanOrEqual(4);
    for (const tag of inline) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("shows the public pages and the API reference with no violation", async () => {
    const page = watch(await context.newPage());
    for (const path of PUBLIC_PAGES) await visit(page, path);
    await page.locator(".scalar-app, .scalar-api-reference").first().waitFor({ timeout: 20_000 });
    await page.close();
    expect(violations.splice(0)).toEqual([]);
  });

  it("solves the captcha in its worker and signs up with no violation", async () => {
    const page = watch(await context.newPage());
    const email = `csp-${Date.now()}@example.com`;
    await visit(page, "/register");
    await page.getByLabel("Your name").fill("Policy Pat");
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByTestId("send-code").click();
    await expect
      .poll(() => page.getByTestId("send-code").textContent(), { timeout: 20_000 })
      .toMatch(/Resend in/);
    await page.getByLabel("E-mail code").fill(await server.waitForCode(email));
    await page.getByLabel("New password").fill("Policy-Garden-58");
    await page.getByLabel("Repeat the password").fill("Policy-Garden-58");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(/\/dashboard\/profile\/no-tenant$/, { timeout: 20_000 });
    await page.close();
    expect(violations.splice(0)).toEqual([]);
  });

  it("shows the dashboard pages, dialogs and menus with no violation", async () => {
    const sid = (await context.cookies()).find((c) => c.name === "sid")!.value;
    await apiCall(server, sid, "POST", "/api/tenant", { name: "Policy Org" });
    const page = watch(await context.newPage());
    for (const path of DASHBOARD_PAGES) await visit(page, path);
    // A dialog and a dropdown add antd styles after the first paint.
    await visit(page, "/dashboard/api-keys");
    await page
      .getByRole("button", { name: /Create (your first )?key/ })
      .first()
      .click();
    await page.getByRole("dialog").waitFor();
    await page.keyboard.press("Escape");
    await page.close();
    expect(violations.splice(0)).toEqual([]);
  });
});
