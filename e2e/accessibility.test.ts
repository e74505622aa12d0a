import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { axePages } from "./helpers/axe";
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
              : Promise.resolve(),
        })),
      ];
      expect(failures).toEqual([]);
    });
  }
});
