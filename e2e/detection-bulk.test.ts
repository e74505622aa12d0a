import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { downloadOf, dropFile, submitToResults } from "./helpers/detection-file";
import { type RunningServer, startServer } from "./helpers/server";

/** 10,000 distinct UK mobiles, then 5 repeats and 3 rows that are not numbers (one a formula). */
function numbersCsv(count: number): string {
  const numbers = Array.from({ length: count }, (_, i) => `+44 7400 ${String(100_000 + i)}`);
  return ["phone", ...numbers, ...numbers.slice(0, 5), "12", "not a phone", "=cmd|' /C calc'!A0", ""].join(
    "\r\n",
  );
}

/**
 * A file of 10,000 numbers through the whole product: dropped on the detection page, summarised
 * before anything is charged, submitted, followed to completion, its results filtered and
 * downloaded in both formats, and the charge seen in the account; then the same in Chinese.
 */
describe("bulk detection from a file in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "50" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const sid = await signedInContext(server, context, "Bulk Betty", `bulk-${Date.now()}@example.com`);
    await apiCall(server, sid, "POST", "/api/tenant", { name: "Bulk Co" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  async function uploadAndSubmit(page: Page, prefix: string, fileLabel: string, csv: string) {
    await page.goto(`${server.url}${prefix}/dashboard/detection`);
    await dropFile(page, fileLabel, csv);
  }

  const download = downloadOf;

  it("uploads 10,000 numbers, shows the summary, follows progress, filters, downloads, charges", async () => {
    const page = await context.newPage();
    await uploadAndSubmit(page, "", "File", numbersCsv(10_000));
    await expect(page.getByTestId("draft-rows").textContent()).resolves.toBe("10,008");
    await expect(page.getByTestId("draft-duplicates").textContent()).resolves.toBe("5");
    await expect(page.getByTestId("draft-invalid").textContent()).resolves.toBe("3");
    await expect(page.getByTestId("draft-chargeable").textContent()).resolves.toBe("10,000");
    await expect(page.getByTestId("draft-cost").textContent()).resolves.toBe("$10.00");
    await expect(page.getByTestId("draft-balance-after").textContent()).resolves.toBe("$40.00");
    // Nothing is charged before the summary is confirmed.
    await submitToResults(page);
    await expect
      .poll(() => page.getByTestId("job-summary").textContent(), { timeout: 15_000 })
      .toContain("10,000");
    // The first page of results may still be on its way when the summary is in.
    await expect
      .poll(() => page.getByTestId("result-table").textContent(), { timeout: 15_000 })
      .toContain("+447400100000");

    // Everything, as CSV: BOM, header, 10,008 rows; the formula typed in comes out as text.
    const all = (await download(page, "download-csv")).toString("utf8");
    expect(all.startsWith("\uFEFFRow,Input,E.164,Status")).toBe(true);
    expect(all.trim().split("\r\n")).toHaveLength(10_009);
    // Neutralised, and quoted since a pipe may split cells in some spreadsheets (docs/security.md).
    expect(all).toContain(`,"'=cmd|' /C calc'!A0",`);
    expect(all).not.toMatch(/(^|,)=cmd/m);

    // Search narrows the table and the download to one number.
    await page.getByTestId("result-search").locator("input").fill("+447400104321");
    await page.getByTestId("result-search").locator("input").press("Enter");
    await expect
      .poll(() => page.getByTestId("result-table").locator("tbody tr.ant-table-row").count())
      .toBe(1);
    const one = (await download(page, "download-csv")).toString("utf8");
    expect(one.trim().split("\r\n")).toHaveLength(2);
    expect(one).toContain("+447400104321");
    const xlsx = await download(page, "download-xlsx");
    expect(xlsx.subarray(0, 2).toString()).toBe("PK");

    await page.goto(`${server.url}/dashboard/account`);
    await expect.poll(() => page.getByTestId("account-balance").textContent()).toContain("$40.00");
    await page.close();
  });

  it("the same in Chinese", async () => {
    const page = await context.newPage();
    await uploadAndSubmit(
      page,
      "/zh-Hans",
      "文件",
      numbersCsv(10_000).replaceAll("+44 7400 1", "+44 7400 2"),
    );
    await expect(page.getByTestId("draft-chargeable").textContent()).resolves.toBe("10,000");
    await expect(page.getByTestId("detection-draft-submit").textContent()).resolves.toContain("检测");
    await page.getByTestId("detection-draft-submit").click();
    await expect
      .poll(() => page.getByTestId("job-status").getAttribute("data-status"), { timeout: 60_000 })
      .toBe("completed");
    await expect(page.getByTestId("job-status").textContent()).resolves.toBe("已完成");
    await page.getByTestId("job-results-link").click();
    await page.waitForURL(/\/zh-Hans\/dashboard\/history\/[0-9a-f-]{36}$/);
    await expect
      .poll(() => page.getByTestId("job-summary").textContent(), { timeout: 15_000 })
      .toContain("10,000");
    const csv = (await download(page, "download-csv")).toString("utf8");
    expect(csv.trim().split("\r\n")).toHaveLength(10_009);
    await page.goto(`${server.url}/zh-Hans/dashboard/account`);
    await expect.poll(() => page.getByTestId("account-balance").textContent()).toContain("30.00");
    await page.close();
  });
});
