import type { AuditPage } from "@nc/contracts/audit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { keepScreenshot } from "./helpers/screenshots";
import { type RunningServer, startServer } from "./helpers/server";

/** The organisation page's Audit log tab: read, filter, download; light and dark, desktop and phone. */
describe("audit log in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let sid: string;
  let tenantId: string;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    sid = await signedInContext(server, context, "Ada Audit", `audit-${Date.now()}@example.com`);
    tenantId = (await apiCall<{ id: string }>(server, sid, "POST", "/api/tenant", { name: "Audit Co" })).id;
    await apiCall(
      server,
      sid,
      "POST",
      "/api/tenant/apikey",
      { name: "backend", scopes: ["check"], mode: "test" },
      tenantId,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const rows = (page: Page) => page.locator('[data-testid="audit-table"] tbody tr.ant-table-row');

  it("lists what happened, filters by action, downloads the CSV (and that is recorded)", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/tenant?tab=audit`);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBe(2);
    const text = await page.getByTestId("audit-table").textContent();
    expect(text).toContain("Created the organisation “Audit Co”");
    expect(text).toContain("Created the test API key “backend”");
    expect(text).toContain("Ada Audit");

    await page.getByTestId("audit-filter-action").click();
    await page.getByTitle("API keys").click();
    await page.keyboard.press("Escape");
    await page.getByTestId("audit-apply").click();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
    expect(await rows(page).first().textContent()).toContain("API key “backend”");

    const download = page.waitForEvent("download");
    await page.getByTestId("audit-download").click();
    expect((await download).suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);
    const log = await apiCall<AuditPage>(
      server,
      sid,
      "GET",
      "/api/tenant/audit?action=export",
      undefined,
      tenantId,
    );
    expect(log.data[0]).toMatchObject({
      action: "export.downloaded",
      details: { kind: "audit", filter: { action: ["api_key"] } },
    });
    await keepScreenshot(page, "audit-log-desktop-light", { fullPage: true });
    await page.close();
  });

  it("reads in the reader's language, in dark mode on a phone", async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await phone.addCookies([
      { name: "sid", value: sid, url: server.url },
      { name: "color_mode", value: "dark", url: server.url },
    ]);
    const page = await phone.newPage();
    await page.goto(`${server.url}/es/dashboard/tenant?tab=audit`);
    await expect.poll(() => rows(page).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    const text = await page.getByTestId("audit-table").textContent();
    expect(text).toContain("Creó la organización «Audit Co»");
    // The page itself never scrolls sideways on a phone; the table scrolls inside its frame.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await keepScreenshot(page, "audit-log-phone-dark", { fullPage: true });
    await phone.close();
  });
});
