import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser } from "./helpers/browser";
import { chooseOption } from "./helpers/select";
import { type RunningServer, startServer } from "./helpers/server";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

/**
 * What a new person meets, at 1440 and 390 px: creating their organisation right after sign-up,
 * a dashboard home with the welcome credit, this month's spend, recent checks and a start for
 * each service; the review step brought into view; pages that do not scroll into blank space;
 * result tables that scroll instead of breaking numbers; recharge without dead ends; the colour
 * mode on the profile; a language switch on the error pages; equal sign-in and sign-up fields.
 */
describe("first steps in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let sid: string;
  let tenantId: string;
  let jobId: string;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "5" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: DESKTOP });
    sid = await signedInContext(server, context, "Nina Newcomer", `new-${Date.now()}@example.com`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * Tokens (texts without spaces) laid out on more than one line inside the matched cells: a
   * number or a word broken in the middle. Wrapping between words is fine.
   */
  const brokenTokens = (page: Page, cells: string) =>
    page.evaluate((selector) => {
      const out: string[] = [];
      const walker = (cell: Element) => document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (const cell of Array.from(document.querySelectorAll(selector))) {
        const texts = walker(cell);
        for (let node = texts.nextNode(); node; node = texts.nextNode()) {
          const text = node.textContent ?? "";
          for (const match of text.matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
            if (lines.size > 1) out.push(match[0]);
          }
        }
      }
      return out;
    }, cells);

  /** How far the page scrolls below the end of its content (the main area). */
  const blankScroll = (page: Page) =>
    page.evaluate(() => {
      const main = document.getElementById("main")!.getBoundingClientRect();
      return document.documentElement.scrollHeight - Math.ceil(main.bottom + window.scrollY);
    });

  it("creates the organisation on the page it lands on, and the home shows the welcome credit", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    await page.waitForURL(/\/dashboard\/profile\/no-tenant$/);
    await expect(page.locator("h1").textContent()).resolves.toBe("Create your organisation");
    await expect(page.getByTestId("no-tenant-invited").isVisible()).resolves.toBe(true);
    await page.getByLabel("Organisation name").fill("Newcomer Ltd");
    await page.getByTestId("create-tenant-submit").click();
    await page.waitForURL(/\/dashboard$/);
    await expect
      .poll(() => page.getByTestId("home-balance").textContent(), { timeout: 20_000 })
      .toContain("$5.00");
    await expect(page.getByTestId("home-spend").textContent()).resolves.toContain("$0.00");
    await expect
      .poll(() => page.getByTestId("home-recent").textContent(), { timeout: 20_000 })
      .toContain("No checks yet");
    for (const code of ["basic", "hlr", "mnp", "fraud_shield"])
      await expect(page.getByTestId(`home-start-${code}`).count()).resolves.toBe(1);
    tenantId = (await apiCall<{ tenantId: string; name: string }[]>(server, sid, "GET", "/api/tenant")).find(
      (t) => t.name === "Newcomer Ltd",
    )!.tenantId;

    // One click starts a service: Detection opens with it chosen.
    await page.getByTestId("home-start-hlr").click();
    await page.waitForURL(/\/dashboard\/detection\?service=hlr$/);
    await expect
      .poll(() =>
        page
          .getByTestId("detection-service-hlr")
          .evaluate(
            (el) => (el.matches("input") ? el : el.querySelector("input"))?.matches(":checked") ?? false,
          ),
      )
      .toBe(true);
    await page.close();
  });

  it("brings the review step into view and focuses its heading after 'Review list'", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/dashboard/detection`);
      // A click before the page has hydrated is lost: click until the list field is there.
      await expect
        .poll(
          async () => {
            await page.getByTestId("detection-mode").getByText("List", { exact: true }).click();
            return page.getByTestId("detection-list").count();
          },
          { timeout: 30_000 },
        )
        .toBe(1);
      await page.getByTestId("detection-list").fill("+447911123456\n+447911123457\n+12025550123\n12");
      await page.getByTestId("detection-list-read").click();
      await expect.poll(() => page.getByTestId("draft-rows").textContent(), { timeout: 20_000 }).toBe("4");
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent ?? ""), { timeout: 20_000 })
        .toBe("3. Review and submit");
      // The heading is on screen (the review is no longer below the fold); on a desktop the whole
      // card down to the confirm button is too. On a phone the review is taller than the screen
      // and the section above its heading comes first, so only the heading is asked for there.
      const desktop = viewport === DESKTOP;
      await expect
        .poll(
          () =>
            page.evaluate((wholeCard) => {
              const head = document.activeElement!.getBoundingClientRect();
              const submit = document
                .querySelector('[data-testid="detection-draft-submit"]')!
                .getBoundingClientRect();
              const height = window.innerHeight;
              const headInView = head.top >= 0 && head.bottom <= height;
              return headInView && (!wholeCard || submit.bottom <= height);
            }, desktop),
          { timeout: 20_000 },
        )
        .toBe(true);
      if (viewport === DESKTOP) {
        await page.getByTestId("detection-draft-submit").click();
        await expect
          .poll(() => page.getByTestId("job-status").getAttribute("data-status"), { timeout: 60_000 })
          .toBe("completed");
        jobId = new URL(
          (await page.getByTestId("job-results-link").getAttribute("href"))!,
          server.url,
        ).pathname
          .split("/")
          .at(-1)!;
      }
      await page.close();
    }
  });

  it("the home lists recent checks, a single check by its number", async () => {
    await apiCall(
      server,
      sid,
      "POST",
      "/api/tenant/detection/check",
      { service: "basic", number: "+447911123499" },
      tenantId,
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard`);
    const recent = page.getByTestId("home-recent").locator(".ant-list-item");
    await expect.poll(() => recent.count(), { timeout: 20_000 }).toBe(2);
    await expect(recent.first().textContent()).resolves.toContain("+447911123499");
    await expect(recent.nth(1).textContent()).resolves.toContain("List of 4 numbers");
    await page.close();
  });

  it("the account page ends where its content ends, at 1440 and 390 px", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/dashboard/account`);
      await expect.poll(() => page.getByTestId("account-chart").count(), { timeout: 20_000 }).toBe(1);
      // The chart's data table for screen readers is there, and takes no room.
      await expect(page.locator("table caption", { hasText: "Balance and spending" }).count()).resolves.toBe(
        1,
      );
      expect(await blankScroll(page)).toBeLessThanOrEqual(1);
      await page.close();
    }
  });

  it("a single check's result on a phone breaks no number or word", async () => {
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/dashboard/detection`);
    await page.getByTestId("detection-number").fill("+447911123456");
    await page.getByTestId("detection-submit").click();
    await expect.poll(() => page.getByTestId("detection-result").count(), { timeout: 20_000 }).toBe(1);
    expect(
      await brokenTokens(page, '[data-testid="detection-result"] td, [data-testid="detection-result"] th'),
    ).toEqual([]);
    expect(await blankScroll(page)).toBeLessThanOrEqual(1);
    await page.close();
  });

  it("result tables on a phone scroll sideways and never break a number or a status", async () => {
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(`${server.url}/dashboard/history/${jobId}`);
    const table = page.getByTestId("result-table");
    await expect.poll(() => table.textContent(), { timeout: 20_000 }).toContain("+447911123456");
    expect(await brokenTokens(page, '[data-testid="result-table"] td')).toEqual([]);
    // One number in full, in the drawer: the result card's cells keep numbers and words whole.
    await page.getByTestId("result-open").first().click();
    await expect.poll(() => page.getByTestId("detection-result").count(), { timeout: 20_000 }).toBe(1);
    expect(
      await brokenTokens(page, '[data-testid="item-drawer"] td, [data-testid="item-drawer"] th'),
    ).toEqual([]);
    expect(await blankScroll(page)).toBeLessThanOrEqual(1);
    await page.close();
  });

  it("recharge says what is on offer and how to get the bank details", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/account/recharge`);
    await expect
      .poll(() => page.getByTestId("recharge-subtitle").textContent(), { timeout: 20_000 })
      .toBe("Add funds to the organisation's balance by bank transfer.");
    await page.getByTestId("recharge-submit").click();
    const details = page.getByTestId("bank-no-details");
    await expect.poll(() => details.count(), { timeout: 20_000 }).toBe(1);
    const reference = (await page.getByTestId("bank-reference").textContent())!.trim();
    const href = (await page.getByTestId("bank-support-mail").getAttribute("href"))!;
    expect(href.startsWith("mailto:")).toBe(true);
    const mail = new URL(href);
    expect(mail.searchParams.get("subject")).toContain(reference);
    expect(mail.searchParams.get("body")).toContain("Newcomer Ltd");
    expect(mail.searchParams.get("body")).toContain(`Reference: ${reference}`);
    await page.close();
  });

  it("the profile sets the colour mode in the header's cookie", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/profile`);
    const group = page.getByTestId("profile-color-mode");
    await group.getByText("Dark", { exact: true }).click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.classList.contains("dark")), {
        timeout: 20_000,
      })
      .toBe(true);
    const cookie = (await context.cookies(server.url)).find((c) => c.name === "color_mode");
    expect(cookie?.value).toBe("dark");
    await page.reload();
    await expect(page.evaluate(() => document.documentElement.classList.contains("dark"))).resolves.toBe(
      true,
    );
    await page.getByTestId("profile-color-mode").getByText("Light", { exact: true }).click();
    await expect
      .poll(async () => (await context.cookies(server.url)).find((c) => c.name === "color_mode")?.value, {
        timeout: 20_000,
      })
      .toBe("light");
    await page.close();
  });

  it("the not-found page offers the language switch", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/no-such-page`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Page Not Found");
    await chooseOption(page, page.getByTestId("locale-switcher"), "Español");
    await page.waitForURL(/\/es\/no-such-page$/);
    await expect.poll(() => page.locator("h1").textContent(), { timeout: 20_000 }).not.toBe("Page Not Found");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("es");
    await page.close();
  });

  it("sign-in and sign-up fields are the same size", async () => {
    const guest = await browser.newContext({ viewport: PHONE });
    const page = await guest.newPage();
    const heights = async (path: string) => {
      await page.goto(`${server.url}${path}`);
      return page.evaluate(() =>
        Array.from(
          document.querySelectorAll(
            "form .ant-input-affix-wrapper, form input.ant-input:not(.ant-input-affix-wrapper input)",
          ),
        ).map((el) => Math.round(el.getBoundingClientRect().height)),
      );
    };
    const login = await heights("/login");
    const register = await heights("/register");
    const forgot = await heights("/forget-password");
    const all = new Set([...login, ...register, ...forgot]);
    expect(login.length).toBeGreaterThan(0);
    expect(register.length).toBeGreaterThan(2);
    expect([...all]).toHaveLength(1);
    await guest.close();
  });
});
