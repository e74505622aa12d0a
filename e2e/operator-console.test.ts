import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerAccount, signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { axePages } from "./helpers/axe";
import { launchBrowser } from "./helpers/browser";
import { chooseOption } from "./helpers/select";
import { type RunningServer, startServer } from "./helpers/server";

/**
 * The operator console in the browser (docs/operations.md, "The operator console"): an operator
 * made from the CLI beside the running server confirms a customer's bank transfer with another
 * amount than ordered, corrects the balance and finds the correction in the audit log; a customer,
 * Owner of their own organisation, is refused the console.
 */
const CLI = join(new URL("..", import.meta.url).pathname, "apps/server/dist/cli.js");
const BANK = "Beneficiary: NumberCheck Ltd\nIBAN: DE89 3704 0044 0532 0130 00";
const POLL = { timeout: 15_000 };

describe("operator console in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let customer: BrowserContext;
  let operator: BrowserContext;
  let customerSid: string;
  let operatorSid: string;
  let tenantId: string;
  let reference: string;
  const stamp = Date.now();
  const customerEmail = `cora-${stamp}@example.com`;
  const operatorEmail = `otto-${stamp}@example.com`;
  const reason = `Goodwill for the outage ${stamp}`;

  const cli = (...args: string[]) =>
    execFileSync(process.execPath, [CLI, ...args], {
      env: { ...process.env, DATA_DIR: server.dataDir },
      encoding: "utf8",
    });

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(200);
    await page.locator("h1").first().waitFor();
    return page;
  }

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false", BANK_TRANSFER_DETAILS: BANK } });
    browser = await launchBrowser();
    customer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    operator = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    customerSid = await signedInContext(server, customer, "Cora Customer", customerEmail);
    tenantId = (
      await apiCall<{ id: string }>(server, customerSid, "POST", "/api/tenant", { name: "Cora Co" })
    ).id;
    reference = (
      await apiCall<{ reference: string }>(
        server,
        customerSid,
        "POST",
        "/api/tenant/recharge",
        { method: "bank_transfer", amount: "75.50" },
        tenantId,
      )
    ).reference;
    operatorSid = await registerAccount(server, "Otto Operator", operatorEmail);
    cli("operator", "grant", "--email", operatorEmail, "--platform", "--permissions", "all");
    await operator.addCookies([{ name: "sid", value: operatorSid, url: server.url }]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("the operator confirms a transfer with another amount; the customer sees the balance and the notice", async () => {
    const page = await open(operator, "/operator/money");
    await expect(page.locator("h1").textContent()).resolves.toBe("Bank transfers");
    const table = page.getByTestId("operator-recharges");
    await expect.poll(() => table.textContent(), POLL).toContain(reference);
    await expect(table.textContent()).resolves.toContain("Cora Co");

    await page.getByTestId(`confirm-${reference}`).click();
    await page.getByTestId("decide-received").fill("80");
    await page.getByTestId("decide-note").fill("Statement shows 80.00");
    await page.getByTestId("decide-submit").click();
    await expect.poll(() => page.locator(".ant-message").textContent(), POLL).toContain("$80.00 credited");
    // The pending list no longer holds it; the paid list does, with what arrived.
    await expect.poll(() => table.textContent(), POLL).not.toContain(reference);
    await chooseOption(page, page.getByTestId("operator-recharge-status"), "Paid");
    await expect.poll(() => table.textContent(), POLL).toContain("Received $80.00");
    await page.close();

    const account = await open(customer, "/dashboard/account");
    await expect.poll(() => account.getByTestId("account-balance").textContent(), POLL).toContain("$80.00");
    await expect.poll(() => account.getByTestId("notice-bell").getAttribute("data-unread"), POLL).toBe("1");
    await account.getByTestId("notice-bell").click();
    await expect
      .poll(() => account.getByTestId("notice-item").first().textContent(), POLL)
      .toContain("$80.00 credited to Cora Co");
    await account.close();
  });

  it("the operator finds the customer, adds 5.00 with a reason, and finds it in the audit log", async () => {
    const page = await open(operator, "/operator/customers");
    const search = page.getByTestId("customer-search").locator("input");
    await search.fill(customerEmail);
    await search.press("Enter");
    await page.waitForURL(/[?&]q=/);
    const table = page.getByTestId("customer-table");
    // The list before the search has one row too: wait for the searched one (its owner's e-mail),
    // not for a row count, which the earlier list already meets while the search is loading.
    await expect.poll(() => table.textContent(), POLL).toContain(customerEmail);
    await expect.poll(() => table.locator("tbody tr.ant-table-row").count(), POLL).toBe(1);
    // Read by polling too: the table has been seen empty for a moment ("No customer matches")
    // after the searched row had shown, as if its search was asked again from an empty cache.
    await expect.poll(() => table.textContent(), POLL).toContain("$80.00");
    await table.getByTestId("customer-link").click();
    await page.waitForURL(new RegExp(`/operator/customers/${tenantId}$`));
    await expect.poll(() => page.getByTestId("customer-balance").textContent(), POLL).toBe("$80.00");

    await page.getByTestId("adjust-amount").fill("5.00");
    await page.getByTestId("adjust-reason").fill(reason);
    await page.getByTestId("adjust-submit").click();
    // Nothing moves before the confirmation, which repeats what is about to be done.
    const confirm = page.getByRole("dialog", { name: "Apply this correction?" });
    await expect.poll(() => confirm.getByTestId("adjust-confirm").textContent(), POLL).toContain("Cora Co");
    await expect(confirm.getByTestId("adjust-confirm").textContent()).resolves.toContain("$5.00");
    await expect(confirm.getByTestId("adjust-confirm").textContent()).resolves.toContain(reason);
    await confirm.getByRole("button", { name: "Apply" }).click();
    await expect.poll(() => page.getByTestId("adjust-result").textContent(), POLL).toContain("$85.00");
    await expect.poll(() => page.getByTestId("customer-balance").textContent(), POLL).toBe("$85.00");
    await page.close();

    const audit = await open(operator, "/operator/audit");
    const rows = audit.getByTestId("operator-audit").locator("tbody tr.ant-table-row");
    await expect.poll(() => rows.first().textContent(), POLL).toContain(reason);
    await expect(rows.first().textContent()).resolves.toContain("Cora Co");
    // The confirmation came before it: newest first.
    await expect(audit.getByTestId("operator-audit").textContent()).resolves.toContain(reference);
    await audit.close();
  });

  it("a customer, Owner of their organisation, gets the 403 page and the API refuses them", async () => {
    const page = await customer.newPage();
    const response = await page.goto(`${server.url}/operator`);
    expect(response?.status()).toBe(403);
    await expect(page.locator("h1").textContent()).resolves.toBe("Permission denied");
    await expect(page.getByRole("menuitem").count()).resolves.toBe(0);

    const me = await fetch(`${server.url}/api/operator/me`, { headers: { cookie: `sid=${customerSid}` } });
    expect(me.status).toBe(403);
    expect(((await me.json()) as { code: number }).code).toBe(40300);

    // Nor does the dashboard's user menu offer the console to them.
    await page.goto(`${server.url}/dashboard`);
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Sign out" }).waitFor();
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("menuitem", { name: "Operator console" }).count()).resolves.toBe(0);
    await page.close();
  });

  it("the console opens from the dashboard's user menu for an operator", async () => {
    const own = await apiCall<{ id: string }>(server, operatorSid, "POST", "/api/tenant", { name: "Ops" });
    expect(own.id).toBeTruthy();
    const page = await open(operator, "/dashboard");
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "Operator console" }).click();
    await page.waitForURL(/\/operator$/);
    await expect.poll(() => page.getByTestId("operator-email").textContent(), POLL).toBe(operatorEmail);
    await page.close();
  });

  it("the console's first HTML, before any script runs, has the menu and the page, not a wait", async () => {
    const answer = await fetch(`${server.url}/operator`, { headers: { cookie: `sid=${operatorSid}` } });
    expect(answer.status).toBe(200);
    // The markup only: the catalogues the page carries for the browser name every label too.
    const markup = (await answer.text()).replace(/<script[\s\S]*?<\/script>/g, "");
    for (const item of ["Bank transfers", "Money summary", "Customers", "Prices", "Audit log"])
      expect(markup, item).toMatch(new RegExp(`role="menuitem"[^]*?${item}`));
    expect(markup).toContain(`data-testid="operator-email">${operatorEmail}<`);
    expect(markup).not.toContain("Loading the operator console");
  });

  it("signed out, the console sends to sign-in with the way back", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/operator/money`);
    await page.waitForURL(/\/login\?redirect=%2Foperator%2Fmoney$/);
    await context.close();
  });

  for (const mode of ["light", "dark"] as const) {
    it(`axe finds no serious or critical violation on the console in ${mode} mode`, async () => {
      const paths = ["/operator", "/operator/money", "/operator/customers"];
      expect(await axePages(browser, { url: server.url, mode, paths, sid: operatorSid })).toEqual([]);
    });
  }
});
