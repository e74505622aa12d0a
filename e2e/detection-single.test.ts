import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedInContext } from "./helpers/accounts";
import { apiCall } from "./helpers/api";
import { launchBrowser, loadWatched } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

/**
 * One number checked from /dashboard/detection: the service list shows prices, a sandbox HLR answer
 * is marked "Sandbox" and free, a basic check is charged its price; the page in Chinese too.
 */
describe("single number check in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;

  beforeAll(async () => {
    server = await startServer({ env: { CAPTCHA_ENABLED: "false", WELCOME_CREDIT: "5" } });
    browser = await launchBrowser();
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const sid = await signedInContext(server, context, "Dana Detect", `detect-${Date.now()}@example.com`);
    await apiCall(server, sid, "POST", "/api/tenant", { name: "Detect Co" });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("is painted before its scripts start, and then hydrated", async () => {
    // docs/architecture.md, "Scripts after the first paint".
    const load = await loadWatched(context, `${server.url}/dashboard/detection`);
    expect(load.url).toBe(`${server.url}/dashboard/detection`);
    expect(load.hydrated).toBe(true);
    expect(load.scripts.length).toBeGreaterThan(0);
    expect(Math.min(...load.scripts)).toBeGreaterThanOrEqual(load.paint);
  });

  it("hydrates with the prices the server formatted, building no number or country-name data", async () => {
    // docs/performance.md, "Less work between the first paint and an interactive page": the first
    // Intl object loads the language's data, 20-50 ms on a phone.
    const page = await context.newPage();
    await page.addInitScript(() => {
      const counted = window as unknown as { __built: string[] };
      counted.__built = [];
      for (const name of ["NumberFormat", "DisplayNames", "Collator"] as const) {
        const intl = Intl as unknown as Record<string, new (...args: unknown[]) => object>;
        intl[name] = new Proxy(intl[name]!, {
          construct(target, args) {
            if (!document.documentElement.hasAttribute("data-hydrated")) counted.__built.push(name);
            return Reflect.construct(target, args);
          },
        });
      }
    });
    await page.goto(`${server.url}/dashboard/detection`);
    await expect(page.locator("html[data-hydrated]").count()).resolves.toBe(1);
    await expect(page.getByTestId("detection-price-basic").textContent()).resolves.toContain("$0.001");
    await expect(page.evaluate(() => (window as unknown as { __built: string[] }).__built)).resolves.toEqual(
      [],
    );
    await page.close();
  });

  it("hydrates without adding a style element: antd finds the server's variables and the sheet's icon rules", async () => {
    // docs/performance.md, "antd's work at hydration": a style added while hydrating makes the
    // browser recalculate every element's style.
    const addedWhileHydrating = async (ctx: BrowserContext, path: string) => {
      const page = await ctx.newPage();
      const served = await (await page.goto(`${server.url}${path}`))!.text();
      await page.waitForSelector("html[data-hydrated]", { state: "attached" });
      const styles = await page.evaluate(() =>
        Array.from(document.querySelectorAll("style"), (style) => ({
          key: style.getAttribute("data-css-hash"),
          text: style.textContent ?? "",
        })),
      );
      await page.close();
      // Those the server did not send: antd's keyed ones by key, any other by its text.
      return styles
        .filter(({ key, text }) =>
          key ? !served.includes(`data-css-hash="${key}"`) : !served.includes(text),
        )
        .map(({ text }) => text.slice(0, 80));
    };
    await expect(addedWhileHydrating(context, "/dashboard/detection")).resolves.toEqual([]);
    // A visitor whose scheme the server knows (the browser said it, or a chosen mode's cookie).
    // One whose scheme it could not know gets the page light with the dark variables beside it,
    // and the browser's antd writes the dark ones itself (docs/architecture.md, "Colour mode").
    for (const mode of ["light", "dark"] as const) {
      const visitor = await browser.newContext({ colorScheme: mode });
      await visitor.addCookies([{ name: "color_mode", value: mode, url: server.url }]);
      await expect(addedWhileHydrating(visitor, "/login"), mode).resolves.toEqual([]);
      await visitor.close();
    }
  });

  it("writes its parts in place, so the first paint shows the whole page", async () => {
    // docs/performance.md, "Less work between the first paint and an interactive page":
    // boundaries written in place, no part held back for a later reveal.
    const html = await (await context.request.get(`${server.url}/dashboard/detection`)).text();
    expect(html).toContain('data-testid="detection-number"');
    expect(html).not.toMatch(/<template id="B:|hidden id="S:|\$RC\(/);
  });

  it("arrives with the single-number entry only, and fetches the others when they are shown", async () => {
    // docs/performance.md, "A phone as slow as Lighthouse's reference": the list
    // and file entries, a draft's review, a check's answer, a job's progress, the phone's menu
    // drawer and the notice list are scripts of their own.
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await phone.addCookies(await context.cookies());
    const page = await phone.newPage();
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    const onDemand =
      /\/(list-entry|file-entry|draft-summary|check-result|job-header|menu-drawer|notice-drawer)-[\w-]+\.js$/;
    await page.goto(`${server.url}/dashboard/detection`);
    await expect(page.locator("html[data-hydrated]").count()).resolves.toBe(1);
    await page.waitForLoadState("networkidle");
    expect(scripts.filter((path) => onDemand.test(path))).toEqual([]);
    await page.getByTestId("detection-mode").getByText("List").click();
    await page.getByTestId("detection-list").waitFor();
    expect(scripts.some((path) => /\/list-entry-/.test(path))).toBe(true);
    await page.getByRole("button", { name: "Menu" }).click();
    await page.getByRole("dialog").getByRole("menuitem", { name: "Detection" }).waitFor();
    expect(scripts.some((path) => /\/menu-drawer-/.test(path))).toBe(true);
    await phone.close();
  });

  it("checks a number with HLR (sandbox, free) and then basic (charged)", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/dashboard/detection`);
    await expect(page.locator("h1").textContent()).resolves.toBe("Detection");
    await expect.poll(() => page.getByTestId("detection-price-basic").textContent()).toContain("$0.001");
    // No look-up provider is configured: the live services say they are free, as they will be charged.
    await expect(page.getByTestId("detection-price-hlr").textContent()).resolves.toBe("Free in sandbox");

    await page.getByTestId("detection-service-hlr").click();
    await page.getByTestId("detection-number").fill("+1 202 555 0100");
    await page.getByTestId("detection-submit").click();
    const result = page.getByTestId("detection-result");
    await expect.poll(() => result.textContent(), { timeout: 15_000 }).toContain("Connected");
    await expect(page.getByTestId("detection-sandbox").textContent()).resolves.toBe("Sandbox");
    await expect(page.getByTestId("detection-cost").textContent()).resolves.toContain("$0.00");

    await page.getByTestId("detection-service-basic").click();
    await page.getByTestId("detection-submit").click();
    await expect.poll(() => page.getByTestId("detection-cost").textContent()).toContain("$0.001");
    await expect(page.getByTestId("detection-sandbox").count()).resolves.toBe(0);
    await expect(page.getByTestId("detection-valid").textContent()).resolves.toBe("Yes");
    await page.close();
  });

  it("comes with its prices: in the first HTML, and not asked for again by the browser", async () => {
    const sid = (await context.cookies(server.url)).find((cookie) => cookie.name === "sid")?.value;
    const html = await (
      await fetch(`${server.url}/dashboard/detection`, { headers: { cookie: `sid=${sid}` } })
    ).text();
    expect(html).toMatch(/data-testid="detection-price-basic"[^>]*>\$0\.001 per number</);

    const page = await context.newPage();
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/tenant/price/quote")) asked.push(request.url());
    });
    await page.goto(`${server.url}/dashboard/detection`, { waitUntil: "networkidle" });
    await expect(page.getByTestId("detection-price-basic").textContent()).resolves.toBe("$0.001 per number");
    expect(asked).toEqual([]);
    await page.close();
  });

  it("shows the page in Chinese", async () => {
    const page = await context.newPage();
    await page.goto(`${server.url}/zh-Hans/dashboard/detection`);
    await expect(page.locator("h1").textContent()).resolves.toBe("号码检测");
    await page.getByTestId("detection-number").fill("+12025550100");
    await page.getByTestId("detection-service-fraud_shield").click();
    await page.getByTestId("detection-submit").click();
    await expect
      .poll(() => page.getByTestId("detection-fraud").textContent(), { timeout: 15_000 })
      .toContain("风险等级");
    await page.close();
  });
});
