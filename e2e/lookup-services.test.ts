import en from "@nc/contracts/locales/en/services.json";
import es from "@nc/contracts/locales/es/services.json";
import pt from "@nc/contracts/locales/pt/services.json";
import zh from "@nc/contracts/locales/zh-Hans/services.json";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startReceiver, type WebhookReceiver } from "../apps/server/test/helpers/webhook-receiver";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { axeViolations, describeViolations } from "./helpers/axe";
import { launchBrowser } from "./helpers/browser";
import { downloadOf, dropFile, submitToResults } from "./helpers/detection-file";
import { keepScreenshot } from "./helpers/screenshots";
import { type RunningServer, startServer } from "./helpers/server";

type KindService = "line_type" | "sim_swap" | "sms_pumping_risk" | "caller_name";
type Words = typeof en;

/**
 * The look-up services a customer buys elsewhere (line type, SIM swap, SMS pumping risk, caller
 * name), with no provider configured (sandbox answers, free): a number checked from the detection
 * page shows the kind's card in each of the four languages with no accessibility violation; then,
 * each service in one language, a file of numbers is checked, its results file has the kind's
 * columns headed in that language, the history lists it, and the organisation's webhook hears the
 * job completed. The API's answers for each are tested in apps/server/test/lookup-services.test.ts.
 */
const CASES: {
  service: KindService;
  prefix: string;
  words: Words;
  number: string;
  card: string;
  file: string;
}[] = [
  {
    service: "line_type",
    prefix: "",
    words: en,
    number: "+1 202 555 0100",
    card: "detection-live-line-type",
    file: "File",
  },
  {
    service: "sim_swap",
    prefix: "/es",
    words: es,
    number: "+44 7772 000001",
    card: "detection-sim-swap",
    file: "Archivo",
  },
  {
    service: "sms_pumping_risk",
    prefix: "/pt",
    words: pt,
    number: "+1 415 992 9960",
    card: "detection-sms-pumping-score",
    file: "Arquivo",
  },
  {
    service: "caller_name",
    prefix: "/zh-Hans",
    words: zh,
    number: "+1 415 555 0100",
    card: "detection-caller-name",
    file: "文件",
  },
];

describe("the look-up services in the browser, one language each", () => {
  let server: RunningServer;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    receiver = await startReceiver();
    // The receiver listens on 127.0.0.1: the operator allows private targets on this server.
    server = await startServer({
      env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "5", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" },
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const sid = await signedInContext(server, context, "Luz Lookup", `lookups-${Date.now()}@example.com`);
    const tenantId = (
      await apiCall<{ id: string }>(server, sid, "POST", "/api/tenant", { name: "Lookups Co" })
    ).id;
    await apiCall(
      server,
      sid,
      "POST",
      "/api/tenant/webhook",
      { url: `${receiver.origin}/hooks`, events: ["job.completed"] },
      tenantId,
    );
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  /** Checks the case's number with its service on the detection page in `prefix`'s language. */
  async function checkOne(page: Page, prefix: string, c: (typeof CASES)[number]) {
    await page.goto(`${server.url}${prefix}/dashboard/detection`);
    await page.getByTestId(`detection-service-${c.service}`).click();
    await page.getByTestId("detection-number").fill(c.number);
    await page.getByTestId("detection-submit").click();
    await page.getByTestId(c.card).waitFor({ timeout: 15_000 });
  }

  it.each(CASES)("$service: one number's card in each of the four languages, axe clean", async (c) => {
    const page = await context.newPage();
    for (const { prefix, words } of CASES) {
      await checkOne(page, prefix, c);
      const text = await page.getByTestId("detection-result").textContent();
      expect(text, prefix).toContain(words[c.service].answer.title);
      expect(text, prefix).toContain(words[c.service].name);
      const violations = await axeViolations(page);
      expect(violations, describeViolations(violations)).toEqual([]);
    }
    await page.close();
  });

  it.each(CASES)("$service in $prefix: one number's card, a file's results and the webhook", async (c) => {
    const words = c.words[c.service];
    const page = await context.newPage();
    await checkOne(page, c.prefix, c);
    const result = page.getByTestId("detection-result");
    // The card's words are the kind's, in the page's language; a sample answer, free.
    await expect(result.textContent()).resolves.toContain(words.answer.title);
    await expect(result.textContent()).resolves.toContain(words.name);
    await expect(page.getByTestId("detection-sandbox").count()).resolves.toBe(1);
    const violations = await axeViolations(page);
    expect(violations, describeViolations(violations)).toEqual([]);
    await keepScreenshot(page, `lookup-${c.service}-card`, { fullPage: true });

    // A file of three numbers with the same service, through to its results file.
    const before = receiver.hits.length;
    const csv = ["phone", c.number, c.number.replace(/\d$/, "1"), c.number.replace(/\d$/, "2")].join("\r\n");
    await dropFile(page, c.file, csv);
    await expect(page.getByTestId("draft-rows").textContent()).resolves.toBe("3");
    await submitToResults(page);
    await expect
      .poll(() => page.getByTestId("job-summary").textContent(), { timeout: 15_000 })
      .toContain("3");
    const header = (await downloadOf(page, "download-csv")).toString("utf8").split("\r\n")[0]!;
    for (const title of Object.values(words.columns)) expect(header).toContain(title);

    // The organisation's webhook hears the job completed, for this service.
    await expect.poll(() => receiver.hits.length, { timeout: 15_000 }).toBe(before + 1);
    const event = JSON.parse(receiver.hits.at(-1)!.body) as { type: string; data: { service: string } };
    expect(event.type).toBe("job.completed");
    expect(event.data.service).toBe(c.service);

    await keepScreenshot(page, `lookup-${c.service}-results`, { fullPage: true });

    // The history lists the job under the service's name.
    await page.goto(`${server.url}${c.prefix}/dashboard/history`);
    await expect.poll(() => page.locator("main").textContent(), { timeout: 15_000 }).toContain(words.name);
    await page.close();
  });
});
