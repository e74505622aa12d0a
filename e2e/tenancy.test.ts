import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { launchBrowser } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

/** Organisations as an owner meets them: none yet, create, switch, roles with the Transfer control. */
describe("organisations in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signedInContext(server, context, "Olivia Owner", `owner-${Date.now()}@example.com`);
    page = await context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("sends a user without an organisation to the no-organisation page, where one can be created", async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/dashboard\/profile\/no-tenant$/);
    await page.getByTestId("create-tenant").click();
    await page.getByLabel("Organisation name").fill("Harbour Labs");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Harbour Labs");
  });

  it("switches between organisations from the header", async () => {
    await page.goto(`${server.url}/dashboard/tenants`);
    await page.getByTestId("create-tenant").click();
    await page.getByLabel("Organisation name").fill("Second Shop");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Second Shop");
    await page.getByTestId("tenant-switcher").click();
    await page.getByRole("menuitem", { name: "Harbour Labs" }).click();
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Harbour Labs");
    // The choice is remembered: a fresh load stays in the same organisation.
    await page.reload();
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Harbour Labs");
    await page.goto(`${server.url}/dashboard/tenants`);
    await expect(page.getByTestId("open-tenant-Second Shop").waitFor()).resolves.toBeUndefined();
  });

  it("creates a custom role by moving permissions with the Transfer control", async () => {
    await page.goto(`${server.url}/dashboard/tenant?tab=roles`);
    await page.getByTestId("add-role").click();
    await page.waitForURL(/\/dashboard\/tenant\/role\/add$/);
    const transfer = page.getByTestId("permission-transfer");
    const box = await transfer.boundingBox();
    expect(Math.round(box!.width)).toBe(440);
    await page.getByLabel("Role name").fill("Support desk");
    const available = transfer.locator(".ant-transfer-section").first();
    for (const [search, label] of [
      ["role:read", "Roles · View"],
      ["notice:read", "Notices · View"],
    ]) {
      await available.getByPlaceholder("Search permissions").fill(search);
      await available.getByText(label).click();
    }
    await transfer.locator(".ant-transfer-actions button").first().click();
    await expect(
      transfer.locator(".ant-transfer-section").nth(1).getByText("Roles · View").isVisible(),
    ).resolves.toBe(true);
    await page.getByTestId("save-role").click();
    await page.waitForURL(/tab=roles$/);
    const row = page.getByRole("row", { name: /Support desk/ });
    await expect(row.textContent()).resolves.toContain("2");
  });

  it("renames the organisation and shows the new name everywhere", async () => {
    await page.goto(`${server.url}/dashboard/tenant`);
    await page.getByLabel("Organisation name").fill("Harbour Labs Ltd");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.getByTestId("tenant-switcher").textContent()).toContain("Harbour Labs Ltd");
    await expect(page.locator("h1").textContent()).resolves.toBe("Harbour Labs Ltd");
  });

  it("refuses to let the last owner leave, with the reason", async () => {
    await page.getByTestId("leave-tenant").click();
    await page.getByRole("button", { name: "Leave", exact: true }).last().click();
    await expect(
      page.getByText("You are the last owner.", { exact: false }).waitFor(),
    ).resolves.toBeUndefined();
  });
});
