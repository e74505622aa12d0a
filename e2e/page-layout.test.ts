import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, describeViolations, settled } from "./helpers/axe";
import { launchBrowser } from "./helpers/browser";
import { type SampleOrganisation, startSampleOrganisation } from "./helpers/sample-organisation";
import { keepScreenshot } from "./helpers/screenshots";

/**
 * The pages a phone shows differently, each in English and Chinese, at 1440 and 390 px: nothing
 * sticks out sideways, every table is a list of labelled cards on a phone, and there axe finds
 * nothing serious in light or dark mode (docs/accessibility.md). A page's width does not depend on
 * its colours, so the desktop pass runs in dark mode too only when screenshots are asked for
 * (helpers/screenshots.ts), for a person to look at.
 */
const PAGES: [string, string][] = [
  ["role-editor", "/dashboard/tenant/role/add"],
  ["members", "/dashboard/tenant?tab=members"],
  ["roles", "/dashboard/tenant?tab=roles"],
  ["recharge", "/dashboard/account/recharge"],
  ["account", "/dashboard/account"],
  ["history", "/dashboard/history"],
  ["api-keys", "/dashboard/api-keys"],
  ["fraud-lists", "/dashboard/detection/fraud-lists"],
];

const PASSES: { mode: "light" | "dark"; width: number }[] = [
  { mode: "light", width: 1440 },
  ...(process.env.E2E_SCREENSHOTS ? [{ mode: "dark" as const, width: 1440 }] : []),
  { mode: "light", width: 390 },
  { mode: "dark", width: 390 },
];

describe("list pages at a desktop's and a phone's width", () => {
  let sample: SampleOrganisation;
  let browser: Browser;

  beforeAll(async () => {
    [sample, browser] = await Promise.all([startSampleOrganisation("Pat Layout"), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await sample?.server.stop();
  });

  for (const { mode, width } of PASSES)
    it(`fits the role editor and the list pages at ${width} px in ${mode} mode, in English and Chinese`, async () => {
      const { server, sid } = sample;
      const failures: string[] = [];
      const context = await browser.newContext({ viewport: { width, height: 844 }, colorScheme: mode });
      await context.addCookies([
        { name: "color_mode", value: mode, url: server.url },
        { name: "sid", value: sid, url: server.url },
      ]);
      for (const [name, path] of PAGES) {
        for (const lang of ["", "/zh-Hans"]) {
          const page = await context.newPage();
          await page.goto(`${server.url}${lang}${path}`);
          await page.locator("h1, main").first().waitFor();
          await settled(page);
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          if (overflow > 0) failures.push(`${lang}${path} at ${width} px (${mode}): ${overflow} px too wide`);
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
          await keepScreenshot(page, `${name}${lang.replace("/", "-")}-${mode}-${width}`, { fullPage: true });
          await page.close();
        }
      }
      await context.close();
      expect(failures).toEqual([]);
    }, 240_000);
});
