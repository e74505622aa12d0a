import { readFileSync } from "node:fs";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

const notFoundTitle = (locale: string) =>
  JSON.parse(
    readFileSync(new URL(`../apps/web/app/i18n/locales/${locale}/common.json`, import.meta.url), "utf8"),
  ).errors.notFoundTitle as string;

/** Dashboard pages about one record answer a bad or unknown id with the 404 page, not a page with an error in it. */
describe("pages about one record in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let roleId: string;
  let userId: string;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const sid = await signedInContext(server, context, "Rhea Records", `records-${Date.now()}@example.com`);
    const tenantId = (
      await apiCall<{ id: string }>(server, sid, "POST", "/api/tenant", { name: "Records Co" })
    ).id;
    roleId = (
      await apiCall<{ id: string }>(
        server,
        sid,
        "POST",
        "/api/tenant/role",
        { name: "Auditors", permissions: [] },
        tenantId,
      )
    ).id;
    userId = (
      await apiCall<{ userId: string }[]>(server, sid, "GET", "/api/tenant/tenant_user", undefined, tenantId)
    )[0]!.userId;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  const UNKNOWN = "0190a0b0-0000-7000-8000-00000000dead";
  const PAGES = ["history", "account/receipt", "tenant/role", "tenant/member"];

  async function expectNotFound(path: string, locale = "en") {
    const page = await context.newPage();
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe(notFoundTitle(locale));
    await expect(page.locator("main code").textContent()).resolves.toBe(`Page Not Found: ${path}`);
    // The dashboard around it is not drawn: this is the not-found page, not a page with an error.
    expect(await page.locator(".ant-layout-sider").count()).toBe(0);
    await page.close();
  }

  for (const base of PAGES) {
    it(`/dashboard/${base}/:id answers a malformed id and an unknown one with 404 "Page Not Found: {path}"`, async () => {
      await expectNotFound(`/dashboard/${base}/not-a-uuid`);
      await expectNotFound(`/dashboard/${base}/${UNKNOWN}`);
    });
  }

  it("says so in the visitor's language", async () => {
    await expectNotFound(`/zh-Hans/dashboard/history/12345`, "zh-Hans");
    await expectNotFound(`/es/dashboard/tenant/member/${UNKNOWN}`, "es");
  });

  it("draws the page for a record that exists, and role/add still opens", async () => {
    const page = await context.newPage();
    for (const path of [
      `/dashboard/tenant/role/${roleId}`,
      `/dashboard/tenant/member/${userId}`,
      "/dashboard/tenant/role/add",
    ]) {
      const response = await page.goto(`${server.url}${path}`);
      expect(response?.status(), path).toBe(200);
      await expect.poll(() => page.locator(".ant-layout-sider").count()).toBeGreaterThan(0);
      expect(await page.getByText(notFoundTitle("en")).count()).toBe(0);
    }
    await page.close();
  });
});
