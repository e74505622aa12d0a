import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axePages } from "./helpers/axe";
import { launchBrowser } from "./helpers/browser";
import { type SampleOrganisation, startSampleOrganisation } from "./helpers/sample-organisation";

/**
 * axe-core against every page a person meets first, in light and dark mode: no serious or critical
 * WCAG 2.1 A/AA violation may remain (docs/accessibility.md). The engine is injected through the
 * DevTools protocol, so the pages' Content-Security-Policy stays as it is in production. The list
 * pages at a phone's width are measured in page-layout.test.ts.
 */
describe("accessibility (axe-core, WCAG 2.1 AA) in the browser", () => {
  let sample: SampleOrganisation;
  let browser: Browser;

  beforeAll(async () => {
    [sample, browser] = await Promise.all([startSampleOrganisation("Ada Access"), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await sample?.server.stop();
  });

  const PUBLIC = ["/", "/login", "/register", "/coverage", "/docs/getting-started", "/docs/api/check"];
  // The interactive reference (Scalar): its start, a group and an operation, each once rendered.
  const REFERENCE = ["/docs", "/docs/tag/check", "/docs/tag/check/POST/api/v1/check"];
  const SIGNED_IN = [
    "/dashboard/detection",
    "/dashboard/history/:job",
    "/dashboard/account",
    "/dashboard/account/detail",
    "/dashboard/account/recharge",
    "/dashboard/api-keys",
    "/dashboard/tenant/role/add",
    "/dashboard/tenant?tab=members",
    // Sessions, two-factor, passkeys and the own-data export; the sign-in rules and billing details.
    "/dashboard/profile",
    "/dashboard/tenant?tab=settings",
  ];

  for (const mode of ["light", "dark"] as const) {
    it(`finds no serious or critical violation in ${mode} mode`, async () => {
      const { server, sid, jobId } = sample;
      const run = { url: server.url, mode };
      const failures = [
        ...(await axePages(browser, { ...run, paths: PUBLIC })),
        ...(await axePages(browser, {
          ...run,
          paths: REFERENCE,
          // The viewer loads after the page: measured once its document is rendered, the
          // operation's code sample included.
          ready: async (page, path) => {
            await page.locator(".scalar-app h1, .scalar-app h2").first().waitFor({ timeout: 60_000 });
            if (path.includes("/POST/"))
              await page.locator(".scalar-app .scalar-code-block").first().waitFor({ timeout: 60_000 });
          },
        })),
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
    }, 420_000);
  }
});
