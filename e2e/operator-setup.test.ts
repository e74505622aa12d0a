import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandContrast } from "../apps/web/app/features/operator/setup/brand-contrast";
import { parseColor } from "../apps/web/app/shell/theme/contrast";
import { registerAccount, signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { axePages } from "./helpers/axe";
import { launchBrowser } from "./helpers/browser";
import { chooseOption } from "./helpers/select";
import { type RunningServer, startServer } from "./helpers/server";

/**
 * The console's setup pages in the browser (docs/operations.md, "The operator console"): a platform
 * operator makes a partner site with a sub-domain and a colour its site then wears (in its readable
 * shade), gives a customer's organisation its own price, which the customer's price page shows, and
 * reads the providers page; axe finds nothing serious on the three pages in light and dark mode.
 */
const CLI = join(new URL("..", import.meta.url).pathname, "apps/server/dist/cli.js");
const POLL = { timeout: 15_000 };
/** A yellow far below 4.5:1 on white: the site must paint with a darker shade of it. */
const COLOR = "#ffcc00";
const SUB = "setupbrand";
const PARTNER_HOST = `${SUB}.test`;

const cssRgb = (hex: string) => `rgb(${parseColor(hex)!.join(", ")})`;

describe("operator setup pages in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let customer: BrowserContext;
  let operator: BrowserContext;
  let operatorSid: string;
  const stamp = Date.now();
  const customerEmail = `sina-${stamp}@example.com`;
  const operatorEmail = `olga-${stamp}@example.com`;
  const brand = `Setup Brand ${stamp}`;

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(200);
    await page.locator("h1").first().waitFor();
    return page;
  }

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false" } });
    // The partner's sub-domain resolves to this machine, so the browser sends it as the Host header.
    browser = await launchBrowser([`--host-resolver-rules=MAP ${PARTNER_HOST} 127.0.0.1`]);
    customer = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    operator = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const customerSid = await signedInContext(server, customer, "Sina Customer", customerEmail);
    await apiCall(server, customerSid, "POST", "/api/tenant", { name: "Sina Co" });
    operatorSid = await registerAccount(server, "Olga Operator", operatorEmail);
    execFileSync(
      process.execPath,
      [CLI, "operator", "grant", "--email", operatorEmail, "--platform", "--permissions", "all"],
      { env: { ...process.env, DATA_DIR: server.dataDir }, encoding: "utf8" },
    );
    await operator.addCookies([{ name: "sid", value: operatorSid, url: server.url }]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("a platform operator creates a partner with a sub-domain and a colour; its site wears the readable shade", async () => {
    const expected = brandContrast(COLOR).light;
    expect(expected.passes).toBe(false);

    const page = await open(operator, "/operator/partners");
    await expect(page.locator("h1").textContent()).resolves.toBe("Partners");
    await page.getByTestId("partner-create").click();
    await page.getByTestId("partner-name").fill(brand);
    await page.getByTestId("partner-subDomain").fill(SUB);
    await page.getByTestId("partner-primaryColor").fill(COLOR);
    // The form says the colour itself is too pale on white and which shade the pages will use.
    await expect
      .poll(() => page.getByTestId("contrast-note").textContent(), POLL)
      .toContain(`readable shade ${expected.shade}`);
    // Polled: the button's colour eases over from the previous one.
    const previewButton = page.getByTestId("brand-preview-button-light");
    await expect
      .poll(() => previewButton.evaluate((b) => getComputedStyle(b).backgroundColor), POLL)
      .toBe(cssRgb(expected.shade));
    await page.getByTestId("partner-submit").click();
    const table = page.getByTestId("partner-table");
    await expect.poll(() => table.textContent(), POLL).toContain(brand);
    await expect(table.textContent()).resolves.toContain(COLOR);
    await page.close();

    const visitor = await browser.newContext({ colorScheme: "light" });
    const site = await visitor.newPage();
    await site.goto(`http://${PARTNER_HOST}:${server.port}/login`);
    await expect(site.getByTestId("brand-name").first().textContent()).resolves.toBe(brand);
    const button = site.locator("button.ant-btn-primary").first();
    await expect(button.evaluate((b) => getComputedStyle(b).backgroundColor)).resolves.toBe(
      cssRgb(expected.shade),
    );
    await visitor.close();
  });

  it("the operator gives a customer's organisation its own price; the customer's price page shows it", async () => {
    const page = await open(operator, "/operator/prices");
    await page.getByTestId("price-scope").getByText("An organisation").click();
    await page.getByTestId("price-customer").click();
    await page.keyboard.type(customerEmail);
    await chooseOption(page, page.getByTestId("price-customer"), "Sina Co");
    await page.waitForURL(/scope=special&tenantId=/);
    await page.getByTestId("band-price").fill("0.0123");
    await page.getByTestId("band-submit").click();
    await expect.poll(() => page.getByTestId("price-bands").textContent(), POLL).toContain("$0.0123");
    // What the organisation pays now, one number and ten thousand of them: the preview asks again
    // once the band is saved, with no reload.
    const preview = page.getByTestId("price-preview");
    await expect.poll(() => preview.textContent(), POLL).toContain("$0.0123");
    await expect(preview.textContent()).resolves.toContain("$123.00");
    await page.close();

    const prices = await open(customer, "/dashboard/price");
    await expect.poll(() => prices.getByTestId("price-effective").textContent(), POLL).toContain("$0.0123");
    await prices.close();
  });

  it("the providers page shows the sandbox, its settings and the margin table", async () => {
    const page = await open(operator, "/operator/providers");
    await expect(page.locator("h1").textContent()).resolves.toBe("Look-up providers");
    await expect.poll(() => page.getByTestId("providers-sandbox").isVisible(), POLL).toBe(true);
    await expect(page.getByTestId("provider-settings").textContent()).resolves.toContain("Sandbox");
    await expect(page.getByTestId("provider-margins").isVisible()).resolves.toBe(true);
    await page.close();
  });

  for (const mode of ["light", "dark"] as const) {
    it(`axe finds no serious or critical violation on the setup pages in ${mode} mode`, async () => {
      const paths = ["/operator/partners", "/operator/prices", "/operator/providers"];
      expect(await axePages(browser, { url: server.url, mode, paths, sid: operatorSid })).toEqual([]);
    });
  }
});
