import { readFileSync } from "node:fs";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./helpers/browser";
import { keepScreenshot } from "./helpers/screenshots";
import { cli, type RunningServer, startServer } from "./helpers/server";

const catalog = (locale: string, ns: string) =>
  JSON.parse(
    readFileSync(new URL(`../apps/web/app/i18n/locales/${locale}/${ns}.json`, import.meta.url), "utf8"),
  );

/** Languages, colour modes, errors and brands, as a visitor meets them. */
describe("public pages in the browser", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({
      before: (dataDir) =>
        cli(dataDir, [
          "partner",
          "create",
          "--name",
          "Acme Checks",
          "--domain",
          "acme.test",
          "--email",
          "help@acme.test",
        ]),
    });
    // acme.test resolves to this machine, so the browser sends it as the Host header.
    browser = await launchBrowser(["--host-resolver-rules=MAP acme.test 127.0.0.1"]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const locale of ["zh-Hans", "es", "pt"]) {
    it(`shows sign-in, sign-up and home translated in ${locale}`, async () => {
      const page = await browser.newPage();
      const auth = catalog(locale, "auth");
      const home = catalog(locale, "home");
      await page.goto(`${server.url}/${locale}/login`);
      await expect(page.locator("h1").textContent()).resolves.toBe(auth.login.title);
      expect(auth.login.title).not.toBe(catalog("en", "auth").login.title);
      await expect(page.locator("html").getAttribute("lang")).resolves.toBe(locale);
      await expect(page.title()).resolves.toBe(`${auth.login.title} | NumberCheck`);
      await page.goto(`${server.url}/${locale}/register`);
      await expect(page.locator("h1").textContent()).resolves.toBe(auth.register.title);
      await page.goto(`${server.url}/${locale}`);
      await expect(page.locator("h1").textContent()).resolves.toBe(home.hero.title);
      await page.close();
    });
  }

  it("remembers a language chosen in the switcher and sends the next visit there", async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.getByTestId("locale-switcher").click();
    await page.getByText("简体中文").click();
    await page.waitForURL(/\/zh-Hans\/login$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe(catalog("zh-Hans", "auth").login.title);
    await page.goto(`${server.url}/register`);
    await page.waitForURL(/\/zh-Hans\/register$/);
    await context.close();
  });

  it("follows the browser's language on a first visit", async () => {
    const context = await browser.newContext({ locale: "es-ES" });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    await page.waitForURL(/\/es\/login$/);
    await context.close();
  });

  it("renders dark mode on the server, before any script runs", async () => {
    const html = await (
      await fetch(`${server.url}/login`, { headers: { cookie: "color_mode=dark" } })
    ).text();
    expect(html).toMatch(/<html[^>]*class="dark"/);
    const context = await browser.newContext({ javaScriptEnabled: false });
    await context.addCookies([{ name: "color_mode", value: "dark", url: server.url }]);
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    const background = await page.evaluate(
      () => getComputedStyle(document.querySelector(".ant-layout")!).backgroundColor,
    );
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(r! + g! + b!).toBeLessThan(100);
    await context.close();
  });

  it("paints the system's scheme on a first visit with no colour hint and no second request, before and after scripts", async () => {
    // No cookie and no Sec-CH-Prefers-Color-Scheme (Safari, Firefox, a first Chromium visit): the
    // page carries both schemes' variables instead of asking for the hint with a repeated request.
    const answer = await fetch(`${server.url}/login`);
    expect(answer.headers.get("critical-ch")).toBeNull();
    expect(answer.headers.get("accept-ch")).toBe("Sec-CH-Prefers-Color-Scheme");
    expect(await answer.text()).toContain(
      '<style data-nc-scheme="dark">@media (prefers-color-scheme: dark){',
    );
    const hinted = await fetch(`${server.url}/login`, {
      headers: { "sec-ch-prefers-color-scheme": "light" },
    });
    expect(await hinted.text()).not.toContain("data-nc-scheme");

    const sum = (rgb: string) =>
      rgb
        .match(/\d+/g)!
        .slice(0, 3)
        .map(Number)
        .reduce((a, b) => a + b, 0);
    for (const javaScriptEnabled of [false, true]) {
      for (const scheme of ["dark", "light"] as const) {
        const context = await browser.newContext({ javaScriptEnabled, colorScheme: scheme });
        const page = await context.newPage();
        const documents: string[] = [];
        page.on("request", (request) => {
          if (request.resourceType() === "document") documents.push(request.url());
        });
        await page.goto(`${server.url}/login`, { waitUntil: "networkidle" });
        const look = await page.evaluate(() => ({
          background: getComputedStyle(document.querySelector(".ant-layout")!).backgroundColor,
          // The brand name in the header: an inline colour, written as the theme's variable.
          brand: getComputedStyle(document.querySelector("header a")!).color,
          otherScheme: document.querySelectorAll("style[data-nc-scheme]").length,
        }));
        const where = `${scheme}, scripts ${javaScriptEnabled ? "on" : "off"}`;
        expect(documents, where).toHaveLength(1);
        if (scheme === "dark") {
          expect(sum(look.background), where).toBeLessThan(100);
          expect(sum(look.brand), where).toBeGreaterThan(600);
        } else {
          expect(sum(look.background), where).toBeGreaterThan(600);
          expect(sum(look.brand), where).toBeLessThan(100);
        }
        // Once the page runs, antd writes its own variables and the second set is dropped.
        expect(look.otherScheme, where).toBe(javaScriptEnabled ? 0 : 1);
        await context.close();
      }
    }
  });

  it("styles the page in light and dark before any script runs: antd's sheet and the theme's variables", async () => {
    const looks: Record<string, { button: string; primary: string; radius: string }> = {};
    for (const mode of ["light", "dark"] as const) {
      const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: mode });
      await context.addCookies([{ name: "color_mode", value: mode, url: server.url }]);
      const page = await context.newPage();
      await page.goto(`${server.url}/login`);
      looks[mode] = await page.evaluate(() => {
        const button = document.querySelector<HTMLElement>("form button[type=submit]")!;
        // The brand colour as the variable the page's inline style declares, resolved by the browser.
        const probe = document.createElement("span");
        probe.style.color = "var(--ant-color-primary)";
        button.append(probe);
        const input = document.querySelector<HTMLElement>("form .ant-input-outlined, form .ant-input")!;
        return {
          button: getComputedStyle(button).backgroundColor,
          primary: getComputedStyle(probe).color,
          radius: getComputedStyle(input).borderTopLeftRadius,
        };
      });
      await context.close();
    }
    for (const mode of ["light", "dark"] as const) {
      // The primary button is painted in the theme's brand colour, the fields rounded by its radius.
      expect(looks[mode]!.button, mode).toBe(looks[mode]!.primary);
      expect(looks[mode]!.button, mode).not.toMatch(/^rgba\(0, 0, 0, 0\)$/);
      expect(looks[mode]!.radius, mode).not.toBe("0px");
    }
    // The same sheet serves both modes: only the variables differ.
    expect(looks.dark!.button).not.toBe(looks.light!.button);
  });

  it("serves robots.txt: public pages open to crawlers, the API and invitation links not; a dashboard address tells a crawler not to index it", async () => {
    const answer = await fetch(`${server.url}/robots.txt`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain/);
    const txt = await answer.text();
    expect(txt).toMatch(/^User-agent: \*$/m);
    expect(txt).toMatch(/^Allow: \/$/m);
    for (const path of ["/api/", "/accept-invite", "/zh-Hans/accept-invite"])
      expect(txt).toContain(`Disallow: ${path}\n`);
    expect(txt).not.toContain("Disallow: /dashboard");
    // A crawler has no session: the dashboard answers it with the sign-in redirect, marked noindex.
    const dashboard = await fetch(`${server.url}/dashboard/detection`, { redirect: "manual" });
    expect(dashboard.status).toBe(302);
    expect(dashboard.headers.get("location")).toBe("/login?redirect=%2Fdashboard%2Fdetection");
    expect(dashboard.headers.get("x-robots-tag")).toBe("noindex");
    const sitemap = /^Sitemap: (\S+)$/m.exec(txt)?.[1];
    expect(sitemap).toMatch(/^http:\/\/localhost:\d+\/sitemap\.xml$/);
  });

  it("gives every public page a meta description in the page's language", async () => {
    const descriptionOf = async (path: string) => {
      const html = await (await fetch(`${server.url}${path}`)).text();
      return /<meta name="description" content="([^"]*)"/
        .exec(html)?.[1]
        ?.replace(/&quot;/g, '"')
        .replace(/&#x27;/g, "'")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">")
        .replace(/&amp;/g, "&");
    };
    for (const locale of ["en", "zh-Hans", "es", "pt"]) {
      const prefix = locale === "en" ? "" : `/${locale}`;
      const auth = catalog(locale, "auth");
      await expect(descriptionOf(`${prefix}/login`)).resolves.toBe(auth.login.description);
      await expect(descriptionOf(`${prefix}/register`)).resolves.toBe(auth.register.description);
      await expect(descriptionOf(`${prefix}/forget-password`)).resolves.toBe(auth.forget.description);
      await expect(descriptionOf(prefix || "/")).resolves.toBeTruthy();
    }
  });

  it("switches colour mode from the header and keeps it in a cookie", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await context.newPage();
    await page.goto(`${server.url}/login`);
    expect((await page.locator("html").getAttribute("class")) ?? "").not.toContain("dark");
    await page.getByTestId("color-mode").click();
    await page.getByRole("menuitem", { name: "Dark" }).click();
    await expect.poll(() => page.locator("html").getAttribute("class")).toContain("dark");
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === "color_mode")?.value).toBe("dark");
    await context.close();
  });

  it("answers an unknown address with the not-found page and status 404", async () => {
    const page = await browser.newPage();
    const response = await page.goto(`${server.url}/no/such/page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe("Page Not Found");
    const prefixed = await page.goto(`${server.url}/xx/login`);
    expect(prefixed?.status()).toBe(404);
    const zh = await page.goto(`${server.url}/zh-Hans/nothing-here`);
    expect(zh?.status()).toBe(404);
    await expect(page.locator("h1").textContent()).resolves.toBe(
      catalog("zh-Hans", "common").errors.notFoundTitle,
    );
    await page.close();
  });

  it("shows a partner's own brand on its own host", async () => {
    const page = await browser.newPage();
    await page.goto(`http://acme.test:${server.port}/login`);
    await expect(page.getByTestId("brand-name").first().textContent()).resolves.toBe("Acme Checks");
    await expect(page.title()).resolves.toBe("Sign in | Acme Checks");
    await expect(page.getByText("help@acme.test").isVisible()).resolves.toBe(true);
    await page.goto(`${server.url}/login`);
    await expect(page.getByTestId("brand-name").first().textContent()).resolves.toBe("NumberCheck");
    await page.close();
  });

  it("lists every public page in every language in sitemap.xml", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const path of ["/login", "/zh-Hans/login", "/es/register", "/pt/forget-password"]) {
      expect(xml).toContain(`<loc>http://localhost:`);
      expect(xml).toContain(`${path}</loc>`);
    }
  });

  it("takes screenshots of home and sign-in: light and dark, desktop and 390 px", async () => {
    for (const mode of ["light", "dark"] as const) {
      for (const [label, width] of [
        ["desktop", 1280],
        ["mobile", 390],
      ] as const) {
        for (const [name, path] of [
          ["home", "/"],
          ["login", "/zh-Hans/login"],
        ] as const) {
          const context = await browser.newContext({ viewport: { width, height: 860 }, colorScheme: mode });
          await context.addCookies([{ name: "color_mode", value: mode, url: server.url }]);
          const page = await context.newPage();
          await page.goto(server.url + path);
          await expect(page.locator("h1").isVisible()).resolves.toBe(true);
          // Nothing may stick out sideways on a phone.
          const overflow = await page.evaluate(
            () => document.documentElement.scrollWidth - window.innerWidth,
          );
          expect(overflow).toBeLessThanOrEqual(0);
          await keepScreenshot(page, `${name}-${mode}-${label}`);
          await context.close();
        }
      }
    }
  });
});
