import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall, waitForInviteLink } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { chooseOption } from "./helpers/select";
import { type RunningServer, startServer } from "./helpers/server";

/**
 * The account page as members meet it: Finance sees the balance, chart and transactions (an empty
 * ledger: the money flows arrive with recharge) and can filter and export, but has no API keys or
 * API usage; a Viewer gets the 403 page.
 */
describe("account in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let ownerContext: BrowserContext;
  let tenantId: string;
  let ownerSid: string;

  /** A member with a built-in role, signed into a fresh browser context. */
  async function memberPage(roleKey: string, name: string): Promise<{ page: Page; context: BrowserContext }> {
    const inOrg = <T>(method: "GET" | "POST", path: string, body?: object) =>
      apiCall<T>(server, ownerSid, method, path, body, tenantId);
    const roles = await inOrg<{ id: string; key: string | null }[]>("GET", "/api/tenant/role");
    const email = `${roleKey}-${Date.now()}@example.com`;
    await inOrg("POST", "/api/tenant/invite", { email, roleId: roles.find((r) => r.key === roleKey)!.id });
    const { token } = await waitForInviteLink(server, email);
    const accepted = await fetch(`${server.url}/api/tenant/pub/invite/accept/no_user`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ token, name, password: "Quiet-Forest-58" }),
    });
    const sid = /sid=([^;]+)/.exec(accepted.headers.get("set-cookie") ?? "")![1]!;
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    await context.addCookies([{ name: "sid", value: sid, url: server.url }]);
    return { page: await context.newPage(), context };
  }

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false" } });
    browser = await launchBrowser();
    ownerContext = await browser.newContext();
    ownerSid = await signedInContext(server, ownerContext, "Olga Owner", `owner-${Date.now()}@example.com`);
    tenantId = (await apiCall<{ id: string }>(server, ownerSid, "POST", "/api/tenant", { name: "Ledger Co" }))
      .id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("Finance sees the balance, chart and an empty transaction list; filters and export work", async () => {
    const { page, context } = await memberPage("finance", "Fiona Finance");
    await page.goto(`${server.url}/dashboard/account`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Account");
    await expect.poll(() => page.getByTestId("account-balance").textContent()).toContain("$0.00");
    await expect(page.getByTestId("account-spending").textContent()).resolves.toContain("$0.00");
    const chart = page.getByTestId("account-chart");
    await expect(chart.getAttribute("role")).resolves.toBe("img");
    await expect(chart.locator("title").first().textContent()).resolves.toBe("Balance and spending");
    // Balance and spending share one scale, its marks written on the left; an empty account's runs to $1.
    await expect(chart.getByTestId("account-chart-scale").locator("text").allTextContents()).resolves.toEqual(
      ["$0.00", "$1.00"],
    );
    // The organisation was created today: the chart has no days before it, so one bar.
    await expect(chart.locator("rect").count()).resolves.toBe(1);
    const table = page.getByTestId("transactions-table");
    await expect.poll(() => table.textContent()).toContain("No transactions match.");
    // The menu offers the page; Finance cannot change the threshold.
    await expect
      .poll(() => page.locator('a[href="/dashboard/account"] >> visible=true').count())
      .toBeGreaterThan(0);
    await expect(page.getByTestId("low-balance-card").count()).resolves.toBe(0);

    // Filters: a trade type, a date range and an amount range reach the API and the list stays empty.
    await chooseOption(page, page.getByTestId("filter-trade-type"), /^Recharge$/, { multiple: true });
    await page.keyboard.press("Escape");
    await page.getByTestId("filter-from").fill("2026-01-01");
    await page.getByTestId("filter-to").fill("2026-01-31");
    // Close the date picker's panel: left open it can cover the buttons below it.
    await page.keyboard.press("Escape");
    await page.getByTestId("filter-min").fill("1");
    await page.getByTestId("filter-max").fill("abc");
    await page.getByTestId("filter-apply").click();
    await expect.poll(() => page.getByText("Enter an amount like 12.50.").count()).toBe(1);
    await page.getByTestId("filter-max").fill("100");
    const request = page.waitForRequest(
      (r) => r.url().includes("/api/tenant/account/transactions?") && r.url().includes("tradeType=4"),
    );
    await page.getByTestId("filter-apply").click();
    const url = new URL((await request).url());
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      tradeType: "4",
      from: "2026-01-01",
      to: "2026-01-31",
      minAmount: "1",
      maxAmount: "100",
    });
    await expect.poll(() => table.textContent()).toContain("No transactions match.");

    // Export: a CSV file with the header row arrives as a download.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^transactions-.*\.csv$/);
    const text = await (await import("node:fs/promises")).readFile((await file.path())!, "utf8");
    expect(text.replace(/^\uFEFF/, "")).toMatch(/^Time,Time zone,Trade type/);
    await context.close();
  });

  it("the owner sets the low-balance threshold from the account page", async () => {
    const page = await ownerContext.newPage();
    await page.goto(`${server.url}/dashboard/account`);
    await expect.poll(() => page.getByTestId("account-balance").textContent()).toContain("$0.00");
    const card = page.getByTestId("low-balance-card");
    await card.getByLabel("Alert below").fill("25");
    const saved = page.waitForResponse((r) => r.url().endsWith("/api/tenant/account/settings"));
    await card.getByRole("button", { name: "Save" }).click();
    expect(await (await saved).json()).toMatchObject({
      code: 0,
      data: { lowBalanceThresholdMicros: "25000000" },
    });
    await expect.poll(() => page.getByTestId("account-balance-card").textContent()).toContain("$25.00");
    await page.close();
  });

  it("Finance has no API keys or API usage: not in the menu, and the pages answer 403", async () => {
    const { page, context } = await memberPage("finance", "Felix Finance");
    await page.goto(`${server.url}/dashboard/account`);
    await expect.poll(() => page.getByTestId("account-balance").textContent()).toContain("$");
    await expect(page.locator('a[href="/dashboard/api-keys"]').count()).resolves.toBe(0);
    await expect(page.locator('a[href="/dashboard/api-usage"]').count()).resolves.toBe(0);
    for (const path of ["/dashboard/api-keys", "/dashboard/api-usage"]) {
      await page.goto(`${server.url}${path}`);
      await page.waitForURL(/\/dashboard\/403$/);
    }
    await context.close();
  });

  it("a Viewer without account:read gets the 403 page", async () => {
    const { page, context } = await memberPage("viewer", "Victor Viewer");
    await page.goto(`${server.url}/dashboard/account`);
    await page.waitForURL(/\/dashboard\/403$/);
    await expect(page.locator("h1").textContent()).resolves.toBe("Permission denied");
    await page.goto(`${server.url}/dashboard/account/detail?id=x`);
    await page.waitForURL(/\/dashboard\/403$/);
    await context.close();
  });
});
