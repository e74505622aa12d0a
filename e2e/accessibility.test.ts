import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { axePages, axeViolations, describeViolations } from "./helpers/axe";
import { launchBrowser } from "./helpers/browser";
import { keepScreenshot } from "./helpers/screenshots";
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
    // An order to list on the recharge page (its phone layout is checked below).
    await inOrg("POST", "/api/tenant/recharge", { method: "bank_transfer", amount: "25" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const PUBLIC = ["/", "/login", "/register", "/docs/getting-started", "/docs/api/check"];
  const SIGNED_IN = [
    "/dashboard/detection",
    "/dashboard/history/:job",
    "/dashboard/account",
    "/dashboard/account/detail",
    "/dashboard/account/recharge",
    "/dashboard/api-keys",
    "/dashboard/tenant/role/add",
    "/dashboard/tenant?tab=members",
  ];

  for (const mode of ["light", "dark"] as const) {
    it(`finds no serious or critical violation in ${mode} mode`, async () => {
      const run = { url: server.url, mode };
      const failures = [
        ...(await axePages(browser, { ...run, paths: PUBLIC })),
        ...(await axePages(browser, {
          ...run,
          sid,
          paths: SIGNED_IN.map((path) => path.replace(":job", jobId)),
          // The job's results are in before the page is measured.
          ready: (page, path) =>
            path.includes("/history/")
              ? expect
                  .poll(() => page.getByTestId("result-table").textContent(), { timeout: 15_000 })
                  .toContain("+447911123456")
              : path.includes("/role/")
                ? page.getByRole("checkbox").first().waitFor()
                : Promise.resolve(),
        })),
      ];
      expect(failures).toEqual([]);
    }, 240_000);
  }

  // The pages a phone shows differently, each in English and Chinese, light and dark, at 1440 and
  // 390 px: nothing sticks out sideways, and on a phone axe finds nothing serious either.
  const PHONE_PAGES: [string, string][] = [
    ["role-editor", "/dashboard/tenant/role/add"],
    ["members", "/dashboard/tenant?tab=members"],
    ["roles", "/dashboard/tenant?tab=roles"],
    ["recharge", "/dashboard/account/recharge"],
    ["account", "/dashboard/account"],
    ["history", "/dashboard/history"],
    ["api-keys", "/dashboard/api-keys"],
    ["fraud-lists", "/dashboard/detection/fraud-lists"],
  ];
  // Each mode and width its own test, with time for its 16 pages on a loaded machine.
  for (const mode of ["light", "dark"] as const)
    for (const width of [1440, 390])
      it(`fits the role editor and the list pages at ${width} px in ${mode} mode, in English and Chinese`, async () => {
        const failures: string[] = [];
        const context = await browser.newContext({ viewport: { width, height: 844 }, colorScheme: mode });
        await context.addCookies([
          { name: "color_mode", value: mode, url: server.url },
          { name: "sid", value: sid, url: server.url },
        ]);
        for (const [name, path] of PHONE_PAGES) {
          for (const lang of ["", "/zh-Hans"]) {
            const page = await context.newPage();
            await page.goto(`${server.url}${lang}${path}`);
            await page.waitForLoadState("networkidle");
            await page.locator("h1, main").first().waitFor();
            await page.waitForTimeout(400);
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - window.innerWidth,
            );
            if (overflow > 0)
              failures.push(`${lang}${path} at ${width} px (${mode}): ${overflow} px too wide`);
            if (width === 390) {
              // Every table is a list of labelled cards: no column to squeeze a word into.
              const headers = await page.locator(".ant-table-thead th").count();
              const tables = await page.locator(".ant-table").count();
              if (headers > tables)
                failures.push(`${lang}${path} at 390 px: ${headers} columns in ${tables} tables`);
              const violations = await axeViolations(page);
              if (violations.length > 0)
                failures.push(`${lang}${path} at 390 px (${mode})\n${describeViolations(violations)}`);
            }
            await keepScreenshot(page, `${name}${lang.replace("/", "-")}-${mode}-${width}`, {
              fullPage: true,
            });
            await page.close();
          }
        }
        await context.close();
        expect(failures).toEqual([]);
      }, 300_000);
});
