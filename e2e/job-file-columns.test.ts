import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { downloadOf, dropFile, submitToResults } from "./helpers/detection-file";
import { type RunningServer, startServer } from "./helpers/server";

/** A CRM export: the customer's own columns around the number, a comma and quotes inside cells. */
const CRM = [
  "Name,E-mail,Phone,Notes",
  '"Smith, Jane",jane@example.com,+44 7400 300001,"VIP, called ""twice"""',
  "Bob Stone,bob@example.com,+44 7400 300002,",
  "Ann Lee,ann@example.com,not a phone,wrong cell",
].join("\r\n");

/**
 * A person uploads a CRM export and gets their rows back with our columns beside them; with the
 * organisation's setting turned off, only our columns come back.
 */
describe("results downloads keep the customer's own columns", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "50" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1366, height: 900 }, acceptDownloads: true });
    const sid = await signedInContext(server, context, "Crm Carla", `crm-${Date.now()}@example.com`);
    await apiCall(server, sid, "POST", "/api/tenant", { name: "Crm Co" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** Uploads the file on the detection page, submits it and downloads the results CSV. */
  async function resultsOf(page: Page): Promise<string[]> {
    await page.goto(`${server.url}/dashboard/detection`);
    await dropFile(page, "File", CRM, "crm.csv");
    await expect(page.getByTestId("draft-rows").textContent()).resolves.toBe("3");
    await submitToResults(page);
    return (await downloadOf(page, "download-csv"))
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
  }

  it("gives the file's header and rows back, our columns beside them", async () => {
    const page = await context.newPage();
    const lines = await resultsOf(page);
    expect(lines[0]).toMatch(/^Name,E-mail,Phone,Notes,Row,Input,E\.164,Status,/);
    expect(lines[1]).toMatch(
      /^"Smith, Jane",jane@example\.com,\+44 7400 300001,"VIP, called ""twice""",1,\+44 7400 300001,\+447400300001,done,/,
    );
    expect(lines[2]).toMatch(/^Bob Stone,bob@example\.com,\+44 7400 300002,,2,/);
    expect(lines[3]).toMatch(/^Ann Lee,ann@example\.com,not a phone,wrong cell,3,not a phone,,rejected,/);
    await page.close();
  });

  it("keeps only the numbers once the organisation turns it off in its settings", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/tenant`);
    const keep = page.getByTestId("keep-file-columns");
    await expect(keep.getAttribute("aria-checked")).resolves.toBe("true");
    await keep.click();
    await expect(keep.getAttribute("aria-checked")).resolves.toBe("false");
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect.poll(() => page.getByText("Organisation saved.").first().isVisible()).toBe(true);

    const lines = await resultsOf(page);
    expect(lines[0]).toMatch(/^Row,Input,E\.164,Status,/);
    expect(lines.join("\n")).not.toContain("jane@example.com");
    await page.close();
  });
});
