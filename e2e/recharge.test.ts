import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

/**
 * Recharge by bank transfer in the browser, confirmed by the operator from the CLI while the server
 * keeps serving on the embedded database: the CLI hands the command to the running server
 * (docs/operations.md, "The CLI beside a running server").
 */
const CLI = join(new URL("..", import.meta.url).pathname, "apps/server/dist/cli.js");
const BANK = "Beneficiary: NumberCheck Ltd\nIBAN: DE89 3704 0044 0532 0130 00\nBIC: COBADEFFXXX";

describe("recharge by bank transfer in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let sid: string;
  let tenantId: string;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false", BANK_TRANSFER_DETAILS: BANK } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    sid = await signedInContext(server, context, "Rita Recharge", `recharge-${Date.now()}@example.com`);
    tenantId = (await apiCall<{ id: string }>(server, sid, "POST", "/api/tenant", { name: "Topup Co" })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("owner orders a transfer, the operator confirms it, balance, transaction and receipt appear", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/account/recharge`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Recharge");
    await expect(page.getByRole("menuitem", { name: "Recharge" }).count()).resolves.toBe(1);

    // A custom amount, by bank transfer (the only method without Stripe settings).
    const form = page.getByTestId("recharge-form");
    await form.getByText("Other amount").click();
    await page.getByTestId("recharge-custom-amount").fill("5");
    await expect.poll(() => form.textContent()).toContain("From $10.00 to $10,000.00");
    await expect(page.getByTestId("recharge-submit").isDisabled()).resolves.toBe(true);
    await page.getByTestId("recharge-custom-amount").fill("75.50");
    await page.getByTestId("recharge-submit").click();

    const details = page.getByTestId("bank-transfer-details");
    await details.waitFor();
    const reference = (await page.getByTestId("bank-reference").textContent())!.trim();
    expect(reference).toMatch(/^NC-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await expect(details.textContent()).resolves.toContain("IBAN: DE89 3704 0044 0532 0130 00");
    await expect(details.textContent()).resolves.toContain("$75.50");
    const orders = page.getByTestId("recharge-orders");
    await expect.poll(() => orders.textContent()).toContain(reference);
    await expect(orders.getByTestId("recharge-status-pending").count()).resolves.toBe(1);

    // The operator sees the money arrive and confirms it while the server runs on its data folder.
    const operator = (...args: string[]) =>
      execFileSync(process.execPath, [CLI, ...args], {
        env: { ...process.env, DATA_DIR: server.dataDir },
        encoding: "utf8",
      });
    expect(operator("recharge", "confirm", "--reference", reference)).toContain(`Confirmed: ${reference}`);
    // The server kept serving, and the customer is told.
    const notices = await apiCall<{ data: { type: string }[] }>(
      server,
      sid,
      "GET",
      "/api/tenant/notice",
      undefined,
      tenantId,
    );
    expect(notices.data.map((n) => n.type)).toContain("recharge_credited");

    await page.reload();
    await expect.poll(() => orders.getByTestId("recharge-status-paid").count(), { timeout: 20_000 }).toBe(1);
    await orders.getByTestId("recharge-receipt-link").click();
    await page.waitForURL(/\/dashboard\/account\/receipt\//);
    const receipt = page.getByTestId("receipt");
    await expect.poll(() => receipt.textContent()).toContain(reference);
    await expect(page.getByTestId("receipt-amount").textContent()).resolves.toBe("$75.50");
    await expect(receipt.textContent()).resolves.toContain("Topup Co");
    await expect(page.getByTestId("receipt-print").count()).resolves.toBe(1);

    // The account page: the balance and a Recharge transaction, with its detail page.
    await page.goto(`${server.url}/dashboard/account`);
    await expect.poll(() => page.getByTestId("account-balance").textContent()).toContain("$75.50");
    await expect.poll(() => page.getByTestId("transactions-table").textContent()).toContain("Recharge");
    const list = await apiCall<{ data: { id: string; tradeType: number }[] }>(
      server,
      sid,
      "GET",
      "/api/tenant/account/transactions?limit=5",
      undefined,
      tenantId,
    );
    const entry = list.data.find((i) => i.tradeType === 4);
    expect(entry).toBeTruthy();
    await page.goto(`${server.url}/dashboard/account/detail?id=${entry!.id}`);
    await expect.poll(() => page.locator("main").textContent()).toContain("Recharge");
    await page.close();

    // The ledger check from the CLI agrees.
    const show = operator("balance", "show", "--tenant", tenantId);
    expect(show).toContain("Balance    75.50 USD");
    expect(show.trim().endsWith("OK")).toBe(true);
  });
});
