import { readFile } from "node:fs/promises";
import type { ApiUsageView } from "@nc/contracts/api-usage";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { setCheckedInDialog } from "./helpers/dialog";
import { type RunningServer, startServer } from "./helpers/server";

const CHECK = "POST /api/v1/check";

/** A UTC day `n` days from today: a window of ±2 days holds today in every organisation's time zone. */
const utcDay = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/**
 * The usage page as a developer meets it: empty at first, pointing at the API keys page; a test
 * key made there; calls to POST /api/v1/check with it from outside the browser; then those calls
 * on the usage page (figures, endpoint, key, latency) and in its CSV export.
 */
describe("API usage in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let sid: string;
  let tenantId: string;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    sid = await signedInContext(server, context, "Dana Developer", `dana-${Date.now()}@example.com`);
    tenantId = (await apiCall<{ id: string }>(server, sid, "POST", "/api/tenant", { name: "Usage Co" })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows calls made with a test key created on the API keys page", async () => {
    const page = await context.newPage();

    // Nothing yet: the page says how to start and leads to the API keys page.
    await page.goto(`${server.url}/dashboard/api-usage`);
    await expect(page.locator("h1").textContent()).resolves.toBe("API usage");
    const empty = page.getByTestId("usage-empty");
    await expect.poll(() => empty.textContent()).toContain("No API calls in this period");
    await expect(
      empty.getByRole("link", { name: /getting-started guide/ }).getAttribute("href"),
    ).resolves.toBe("/docs/getting-started");
    await expect(
      page.locator('a[href="/dashboard/api-usage"] >> visible=true').count(),
    ).resolves.toBeGreaterThan(0);
    await empty.getByRole("button", { name: "Create an API key" }).click();
    await page.waitForURL(`${server.url}/dashboard/api-keys`);

    // A test key that may only check numbers; its secret is shown once.
    await page.getByTestId("api-key-create").click();
    await page.getByTestId("api-key-name").fill("Usage probe");
    await page.getByTestId("api-key-mode-choice").getByText("Test", { exact: true }).click();
    const scopes = page.getByTestId("api-key-scopes");
    for (const label of ["Submit jobs", "Read jobs"]) await scopes.getByText(label, { exact: true }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
    const secret = await page.getByTestId("api-key-secret").inputValue();
    expect(secret).toMatch(/^nc_test_/);
    await setCheckedInDialog(page.getByTestId("api-key-secret-stored"), true);
    await page.getByTestId("api-key-secret-done").click();

    // Three checks answered and one refused (no number): four calls, one error.
    const check = (body: object) =>
      fetch(`${server.url}/api/v1/check`, {
        method: "POST",
        headers: { authorization: `Bearer ${secret}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    for (let i = 0; i < 3; i++)
      expect((await check({ service: "basic", number: "+447400123456" })).status).toBe(200);
    expect((await check({ service: "basic" })).status).toBe(400);

    // Metering writes in the background; the rollup has them within a flush or two.
    await expect
      .poll(
        async () =>
          (
            await apiCall<ApiUsageView>(
              server,
              sid,
              "GET",
              `/api/tenant/api-usage?from=${utcDay(-2)}&to=${utcDay(2)}`,
              undefined,
              tenantId,
            )
          ).totals.calls,
        { timeout: 20_000 },
      )
      .toBe(4);

    await page.goto(`${server.url}/dashboard/api-usage`);
    const report = page.getByTestId("usage-report");
    await expect.poll(() => page.getByTestId("usage-kpi-calls").textContent()).toContain("4");
    await expect(page.getByTestId("usage-kpi-errorRate").textContent()).resolves.toContain("25%");
    await expect(page.getByTestId("usage-by-endpoint").textContent()).resolves.toContain(`${CHECK}4 · 100%`);
    await expect(page.getByTestId("usage-by-key").textContent()).resolves.toContain("Usage probe");
    await expect(page.getByTestId("usage-by-service").textContent()).resolves.toContain("Basic check");
    await expect(page.getByTestId("usage-latency").textContent()).resolves.toContain(CHECK);
    await expect(report.getByTestId("usage-chart-calls").locator("svg").getAttribute("role")).resolves.toBe(
      "img",
    );

    // Clicking the key narrows the page to it (the filter shows it), and the export follows.
    await page
      .getByTestId("usage-by-key")
      .getByRole("button", { name: /Usage probe/ })
      .click();
    await expect.poll(() => page.getByTestId("usage-filter-key").textContent()).toContain("Usage probe");
    await expect.poll(() => page.getByTestId("usage-kpi-calls").textContent()).toContain("4");
    const download = page.waitForEvent("download");
    await page.getByTestId("usage-export").click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^api-usage-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await file.path())!, "utf8"))
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toMatch(/^Day,Time zone,API key id,API key name,Mode,Endpoint,Service,Status,Calls,/);
    const rows = lines.slice(1).map((l) => l.split(","));
    expect(rows.map((r) => [r[3], r[4], r[5], r[6], r[7], r[8]]).sort()).toEqual([
      ["Usage probe", "test", CHECK, "basic", "200", "3"],
      ["Usage probe", "test", CHECK, "basic", "400", "1"],
    ]);
    await page.close();
  });
});
