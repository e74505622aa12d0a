import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

/** The organisation's fraud lists: added on their screen, applied to the next fraud check. */
describe("fraud block and allow lists in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "5" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const sid = await signedInContext(server, context, "Fran Fraud", `fraud-${Date.now()}@example.com`);
    await apiCall(server, sid, "POST", "/api/tenant", { name: "Fraud Co" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("blocks a prefix from its screen; the next fraud check of a number under it says Block", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/detection`);
    await page.getByTestId("detection-service-fraud_shield").click();
    await page.getByTestId("detection-fraud-lists").click();
    await page.waitForURL(/\/dashboard\/detection\/fraud-lists$/);
    await page.getByTestId("fraud-list-block-input").fill("0044 7400 12");
    await page.getByTestId("fraud-list-block-add").click();
    await expect.poll(() => page.getByTestId("fraud-list-block").textContent()).toContain("+44740012");

    await page.goto(`${server.url}/dashboard/detection`);
    await page.getByTestId("detection-service-fraud_shield").click();
    await page.getByTestId("detection-number").fill("+44 7400 123456");
    await page.getByTestId("detection-submit").click();
    await expect
      .poll(() => page.getByTestId("detection-fraud").textContent(), { timeout: 15_000 })
      .toContain("Block");
    await page.close();
  });
});
