import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { axeViolations, describeViolations } from "./helpers/axe";
import { launchBrowser } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

/**
 * axe-core against every page a person meets first, in light and dark mode: no serious or critical
 * WCAG 2.1 A/AA violation may remain (docs/accessibility.md). The engine is injected through the
 * DevTools protocol, so the pages' Content-Security-Policy stays as it is in production.
 */
describe("accessibility (axe-core, WCAG 2.1 AA) in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let jobId: string;
  let sid: string;

  beforeAll(async () => {
    server = await startServer({
      env: {
        CAPTCHA_ENABLED: "false",
        WELCOME_CREDIT: "5",
        BANK_TRANSFER_DETAILS: "Beneficiary: NumberCheck Ltd\nIBAN: DE89 3704 0044 0532 0130 00",
      },
    });
    browser = await launchBrowser();
    const setup = await browser.newContext();
    sid = await signedInContext(server, setup, "Ada Access", `access-${Date.now()}@example.com`);
    await setup.close();
    const tenantId = (
      await apiCall<{ id: string }>(server, sid, "POST", "/api/tenant", { name: "Access Co" })
    ).id;
    const inOrg = <T>(method: "GET" | "POST", path: string, body?: object) =>
      apiCall<T>(server, sid, method, path, body, tenantId);
    jobId = (
      await inOrg<{ id: string }>("POST", "/api/tenant/job", {
        service: "basic",
        numbers: ["+447911123456", "+12025550100", "12"],
      })
    ).id;
    await inOrg("POST", "/api/tenant/apikey", { name: "Reporting", scopes: ["check"], mode: "test" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function openPage(context: BrowserContext, path: string): Promise<Page> {
    const page = await context.newPage();
    const response = await page.goto(`${server.url}${path}`);
    expect(response?.status(), path).toBe(200);
    await page.waitForLoadState("networkidle");
    // The page's content is there (its main heading, or its main region on a page without one).
    await page
      .locator("h1, main")
      .first()
      .waitFor()
      .catch((error: Error) => {
        throw new Error(`${path}: ${error.message}`);
      });
    // antd fades content in; axe measures colours as they are on screen.
    await page.waitForTimeout(400);
    return page;
  }

  const PUBLIC = ["/", "/login", "/register", "/docs/getting-started", "/docs/api/check"];
  const SIGNED_IN = [
    "/dashboard/detection",
    "/dashboard/history/:job",
    "/dashboard/account",
    "/dashboard/account/detail",
    "/dashboard/account/recharge",
    "/dashboard/api-keys",
  ];

  for (const mode of ["light", "dark"] as const) {
    it(`finds no serious or critical violation in ${mode} mode`, async () => {
      const failures: string[] = [];
      const visit = async (signedIn: boolean, paths: string[]) => {
        const context = await browser.newContext({
          viewport: { width: 1280, height: 900 },
          colorScheme: mode,
        });
        await context.addCookies([
          { name: "color_mode", value: mode, url: server.url },
          ...(signedIn ? [{ name: "sid", value: sid, url: server.url }] : []),
        ]);
        for (const template of paths) {
          const path = template.replace(":job", jobId);
          const page = await openPage(context, path);
          if (template.includes(":job"))
            await expect
              .poll(() => page.getByTestId("result-table").textContent(), { timeout: 15_000 })
              .toContain("+447911123456");
          const violations = await axeViolations(page);
          if (violations.length > 0) failures.push(`${path} (${mode})\n${describeViolations(violations)}`);
          await page.close();
        }
        await context.close();
      };
      await visit(false, PUBLIC);
      await visit(true, SIGNED_IN);
      if (failures.length > 0) console.log(failures.join("\n\n"));
      expect(failures).toEqual([]);
    });
  }
});
