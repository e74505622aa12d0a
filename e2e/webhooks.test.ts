import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyWebhook } from "../apps/server/src/features/webhook/webhook-signature";
import { startReceiver, type WebhookReceiver } from "../apps/server/test/helpers/webhook-receiver";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { setCheckedInDialog } from "./helpers/dialog";
import { keepScreenshot } from "./helpers/screenshots";
import { type RunningServer, startServer } from "./helpers/server";

/** Webhooks on the API keys page: add an endpoint, see its secret once, get an event, resend it. */
describe("webhooks in the browser", () => {
  let server: RunningServer;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let context: BrowserContext;
  let sid: string;
  let tenantId: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    // The receiver listens on 127.0.0.1: the operator allows private targets on this server.
    server = await startServer({
      env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "5", WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" },
    });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    sid = await signedInContext(server, context, "Wendy Hooks", `hooks-${Date.now()}@example.com`);
    tenantId = (await apiCall<{ id: string }>(server, sid, "POST", "/api/tenant", { name: "Hooks Co" })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await receiver?.close();
  });

  const rows = (page: Page) => page.getByTestId("webhook-delivery-row");

  it("adds an endpoint, shows its secret once, delivers a signed job.completed and resends it", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/api-keys?tab=webhooks`);
    await page.getByTestId("webhook-add").click();
    // A clear error on the field before anything is sent.
    await page.getByTestId("webhook-url").fill("ftp://example.com/hooks");
    await page.locator("#webhook-form-submit").click();
    await expect
      .poll(() => page.getByTestId("webhook-form").textContent(), { timeout: 5_000 })
      .toContain("must start with https://");
    await page.getByTestId("webhook-url").fill(`${receiver.origin}/hooks`);
    await page.locator("#webhook-form-submit").click();

    const secret = await page.getByTestId("webhook-secret").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    await setCheckedInDialog(page.getByTestId("webhook-secret-stored"), true);
    await page.getByTestId("webhook-secret-done").click();
    await expect.poll(() => page.getByTestId("webhook-row").count(), { timeout: 10_000 }).toBe(1);
    await expect(page.getByTestId("webhook-row").textContent()).resolves.toContain(
      `whsec_…${secret.slice(-4)}`,
    );
    // Shown once: not on the page any more, nor after a reload.
    await expect.poll(async () => (await page.content()).includes(secret), { timeout: 5_000 }).toBe(false);
    await page.reload();
    await expect.poll(() => page.getByTestId("webhook-row").count(), { timeout: 10_000 }).toBe(1);
    expect(await page.content()).not.toContain(secret);

    // A job that completes at once: the server's deliverer sends job.completed.
    const job = await apiCall<{ id: string; status: string }>(
      server,
      sid,
      "POST",
      "/api/tenant/job",
      { service: "basic", numbers: ["+447911123456", "+447911123457"] },
      tenantId,
    );
    expect(job.status).toBe("completed");
    await expect.poll(() => receiver.hits.length, { timeout: 15_000 }).toBe(1);
    const [hit] = receiver.hits;
    expect(verifyWebhook(secret, String(hit!.headers["webhook-signature"]), hit!.body)).toBe(true);
    const event = JSON.parse(hit!.body);
    expect(event).toMatchObject({
      type: "job.completed",
      id: hit!.headers["webhook-id"],
      data: { id: job.id },
    });

    await page.getByTestId("webhook-deliveries").click();
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(1);
    await expect
      .poll(() => rows(page).first().getByTestId("webhook-delivery-status").getAttribute("data-status"), {
        timeout: 10_000,
      })
      .toBe("succeeded");
    await expect(rows(page).first().getByTestId("webhook-event-id").textContent()).resolves.toContain(
      event.id,
    );

    await rows(page).first().getByTestId("webhook-resend").click();
    await expect.poll(() => receiver.hits.length, { timeout: 15_000 }).toBe(2);
    expect(receiver.hits[1]!.headers["webhook-id"]).toBe(event.id);
    expect(receiver.hits[1]!.body).toBe(hit!.body);
    await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(2);
    await expect
      .poll(
        async () =>
          Promise.all(
            (await rows(page).getByTestId("webhook-delivery-status").all()).map((tag) =>
              tag.getAttribute("data-status"),
            ),
          ),
        { timeout: 10_000 },
      )
      .toEqual(["succeeded", "succeeded"]);

    // Edit: switched off, the endpoint is greyed and says so; switched on again for what follows.
    await page.keyboard.press("Escape");
    const state = () => page.getByTestId("webhook-row").getByTestId("webhook-state").textContent();
    for (const [tick, shown] of [
      [false, "Disabled"],
      [true, "Enabled"],
    ] as const) {
      await page.getByTestId("webhook-edit").click();
      await expect(page.getByTestId("webhook-url").inputValue()).resolves.toBe(`${receiver.origin}/hooks`);
      await setCheckedInDialog(page.getByTestId("webhook-enabled"), tick);
      await page.locator("#webhook-form-submit").click();
      await expect.poll(state, { timeout: 10_000 }).toBe(shown);
    }
    await page.close();
  });

  // Eight pages of three screenshots each: minutes when three browser files share the machine.
  it("takes screenshots of the tab: light and dark, 1280 and 390 px, English and Chinese", async () => {
    // A failing test event too, so the log shows an error and a retry time.
    receiver.answer(() => ({ status: 500, body: "Internal error: the order database is unavailable" }));
    const [endpoint] = await apiCall<{ id: string }[]>(
      server,
      sid,
      "GET",
      "/api/tenant/webhook",
      undefined,
      tenantId,
    );
    await apiCall(server, sid, "POST", `/api/tenant/webhook/s/${endpoint!.id}/ping`, undefined, tenantId);
    await expect.poll(() => receiver.hits.length, { timeout: 15_000 }).toBe(3);
    for (const mode of ["light", "dark"] as const) {
      for (const [label, width] of [
        ["desktop", 1280],
        ["mobile", 390],
      ] as const) {
        for (const lang of ["", "/zh-Hans"]) {
          const shot = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: mode });
          await shot.addCookies([
            { name: "color_mode", value: mode, url: server.url },
            { name: "sid", value: sid, url: server.url },
          ]);
          const page = await shot.newPage();
          await page.goto(`${server.url}${lang}/dashboard/api-keys?tab=webhooks`);
          await expect.poll(() => page.getByTestId("webhook-row").count(), { timeout: 10_000 }).toBe(1);
          // Nothing may stick out sideways on a phone.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          const name = `webhooks-${mode}-${label}-${lang ? "zh" : "en"}`;
          await keepScreenshot(page, name, { fullPage: true });
          await page.getByTestId("webhook-add").click();
          await page.getByTestId("webhook-url").fill("https://user@example.com/hooks");
          await page.locator("#webhook-form-submit").click();
          await keepScreenshot(page, `${name}-form`, { settleMs: 400 });
          await page.keyboard.press("Escape");
          await page.getByTestId("webhook-deliveries").click();
          await expect.poll(() => rows(page).count(), { timeout: 10_000 }).toBe(3);
          await keepScreenshot(page, `${name}-deliveries`, { settleMs: 400 });
          await shot.close();
        }
      }
    }
  }, 300_000);
});
