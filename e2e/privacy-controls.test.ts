import type { TenantSummary } from "@nc/contracts/tenancy";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { keepScreenshot } from "./helpers/screenshots";
import { type RunningServer, startServer } from "./helpers/server";

const PASSWORD = "Garden-River-93";

/**
 * Privacy controls in the browser: the organisation's data archive, deleting the organisation
 * (with its balance given up) and restoring it, and a refused account deletion; light and dark,
 * desktop and phone.
 */
describe("privacy controls in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let sid: string;
  let tenantId: string;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "5" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    sid = await signedInContext(server, context, "Pia Privacy", `privacy-${Date.now()}@example.com`);
    tenantId = (await apiCall<{ id: string }>(server, sid, "POST", "/api/tenant", { name: "Private Co" })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const confirmWithPassword = async (page: Page, dialog: string) => {
    await page.getByTestId(`${dialog}-password`).fill(PASSWORD);
    await page.locator(`#${dialog}-ok`).click();
  };

  it("exports the organisation's data as one zip", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/tenant`);
    await page.getByTestId("export-tenant").click();
    await page.getByTestId("export-tenant-dialog-password").waitFor();
    await keepScreenshot(page, "privacy-export-light");
    const download = page.waitForEvent("download");
    await confirmWithPassword(page, "export-tenant-dialog");
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^organisation-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.zip$/);
    const path = await file.path();
    const { readFile } = await import("node:fs/promises");
    const bytes = await readFile(path!);
    // A zip: local file header first, and the archive names its files in the central directory.
    expect(bytes.subarray(0, 4).toString("hex")).toBe("504b0304");
    expect(bytes.includes(Buffer.from("members.csv"))).toBe(true);
    expect(bytes.includes(Buffer.from("audit-log.csv"))).toBe(true);
    await page.close();
  });

  it("deletes the organisation (giving up the balance) and restores it, on a phone in dark mode", async () => {
    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await phone.addCookies([
      { name: "sid", value: sid, url: server.url },
      { name: "color_mode", value: "dark", url: server.url },
    ]);
    const page = await phone.newPage();
    await page.goto(`${server.url}/dashboard/tenant`);
    await page.getByTestId("delete-tenant").click();
    await page.getByTestId("delete-tenant-dialog-password").waitFor();

    // Without giving up the balance, the server refuses and says why.
    await confirmWithPassword(page, "delete-tenant-dialog");
    await expect
      .poll(() => page.locator(".ant-message").textContent(), { timeout: 10_000 })
      .toContain("is left on the balance");
    await page.getByTestId("forfeit-balance").check();
    await keepScreenshot(page, "privacy-delete-dark-phone");
    await page.locator("#delete-tenant-dialog-ok").click();

    await page.waitForURL(/\/dashboard\/tenants/, { timeout: 15_000 });
    await expect
      .poll(() => page.locator(".ant-message").textContent(), { timeout: 10_000 })
      .toMatch(/Private Co will be deleted\. Deleted on \w+ \d+, \d{4}/);
    await page.getByTestId("restore-Private Co").waitFor({ timeout: 15_000 });
    expect(await page.getByTestId("purge-date").first().textContent()).toMatch(/Deleted on/);
    await keepScreenshot(page, "privacy-pending-dark-phone", { fullPage: true });
    const pending = await apiCall<TenantSummary[]>(server, sid, "GET", "/api/tenant");
    expect(pending.find((t) => t.tenantId === tenantId)?.status).toBe("pending_deletion");

    await page.getByTestId("restore-Private Co").click();
    await confirmWithPassword(page, "restore-tenant-dialog");
    await expect
      .poll(async () => (await apiCall<TenantSummary[]>(server, sid, "GET", "/api/tenant"))[0]?.status, {
        timeout: 10_000,
      })
      .toBe("active");
    await page.getByTestId("restore-Private Co").waitFor({ state: "detached", timeout: 10_000 });
    await phone.close();
  });

  it("refuses to delete the account of the last owner and names the organisation", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/profile`);
    await page.getByTestId("delete-account").click();
    await confirmWithPassword(page, "delete-account-dialog");
    await expect
      .poll(() => page.locator(".ant-message").textContent(), { timeout: 10_000 })
      .toContain("You are the last owner of “Private Co”");
    await keepScreenshot(page, "privacy-account-light");
    expect((await apiCall<{ user: unknown }>(server, sid, "GET", "/api/_auth/session")).user).not.toBeNull();
    await page.close();
  });
});
