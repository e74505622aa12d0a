import { readFileSync } from "node:fs";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseFrontMatter } from "../apps/web/app/features/docs/front-matter";
import { launchBrowser } from "./helpers/browser";
import { keepScreenshot } from "./helpers/screenshots";
import { cli, type RunningServer, startServer } from "./helpers/server";

const content = (path: string) => {
  const file = new URL(`../content/${path}`, import.meta.url);
  return parseFrontMatter(readFileSync(file, "utf8"), file.pathname).meta;
};
const catalog = (locale: string, ns: string) =>
  JSON.parse(
    readFileSync(new URL(`../apps/web/app/i18n/locales/${locale}/${ns}.json`, import.meta.url), "utf8"),
  );

/** Every request a page makes, to prove it talks to this server only. */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => urls.push(request.url()));
  return urls;
}
const offSite = (urls: string[]) =>
  urls.filter((url) => !/^(data|blob):/.test(url) && new URL(url).hostname !== "127.0.0.1");

/** The documentation site as a reader meets it: guides, API pages, policies and the API reference. */
describe("documentation site in the browser", () => {
  let server: RunningServer;
  let browser: Browser;
  const acme = () => `http://acme.test:${server.port}`;

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
    browser = await launchBrowser(["--host-resolver-rules=MAP acme.test 127.0.0.1"]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("writes the services, their prices and codes from the catalogue, in the page's language", async () => {
    const page = await browser.newPage();
    for (const [path, service, word] of [
      ["/docs/services", "Caller name", "Live look-up"],
      ["/zh-Hans/docs/services", "来电显示名称", "实时查询"],
    ] as const) {
      await page.goto(`${acme()}${path}`);
      const row = page.locator(".doc-body table tr", {
        has: page.locator("code", { hasText: /^caller_name$/ }),
      });
      await expect(row.first().textContent()).resolves.toContain(service);
      await expect(page.locator(".doc-body table th", { hasText: word }).count()).resolves.toBe(1);
    }
    await page.goto(`${acme()}/docs/pricing`);
    const prices = page.locator(".doc-body table tr", {
      has: page.locator("code", { hasText: /^sim_swap$/ }),
    });
    await expect(prices.first().textContent()).resolves.toMatch(/0\.0600\s*0\.0500\s*0\.0400/);
    await page.goto(`${acme()}/es/docs/api/jobs`);
    const body = (await page.locator(".doc-body").textContent()) ?? "";
    expect(body).toContain("sms_pumping_risk o caller_name");
    expect(body).not.toMatch(/\{\{/);
    await page.close();
  });

  for (const locale of ["en", "zh-Hans"] as const) {
    it(`renders a guide with its title and the partner's brand in ${locale}`, async () => {
      const meta = content(`${locale}/docs/getting-started.md`);
      const prefix = locale === "en" ? "" : `/${locale}`;
      const page = await browser.newPage();
      const response = await page.goto(`${acme()}${prefix}/docs/getting-started`);
      expect(response?.status()).toBe(200);
      await expect(page.locator("h1").textContent()).resolves.toBe(meta.title);
      await expect(page.title()).resolves.toBe(`${meta.title} | Acme Checks`);
      await expect(page.locator('meta[name="description"]').getAttribute("content")).resolves.toBe(
        meta.description,
      );
      const body = (await page.locator(".doc-body").textContent()) ?? "";
      expect(body).toContain("Acme Checks");
      expect(body).toContain(`http://acme.test:${server.port}/api/v1/check`);
      expect(body).not.toMatch(/\{\{\s*(brand|baseUrl|supportEmail)\s*\}\}/);
      // Links between pages stay in the reader's language.
      await expect(
        page.locator(`.doc-body a[href="${prefix}/docs/sandbox"]`).count(),
      ).resolves.toBeGreaterThan(0);
      // The navigation lists the three sections; the contents list the article's headings.
      const docs = catalog(locale, "docs");
      for (const section of [docs.nav.guides, docs.nav.api, docs.nav.policies])
        await expect(page.locator(".docs-sider").getByText(section, { exact: true }).count()).resolves.toBe(
          1,
        );
      await expect(page.locator(".docs-toc").getByText(docs.onThisPage).isVisible()).resolves.toBe(true);
      await page.close();
    });
  }

  it("copies a code block, with the site's public address filled in", async () => {
    // The clipboard needs a secure origin: 127.0.0.1, whose public address is PUBLIC_URL (localhost).
    const context = await browser.newContext();
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const page = await context.newPage();
    await page.goto(`${server.url}/docs/getting-started`);
    await page.locator("[data-copy-code]").first().click();
    await expect
      .poll(() => page.evaluate(() => navigator.clipboard.readText()))
      .toContain(`http://localhost:${server.port}/api/v1/`);
    await expect(page.locator("[data-copy-code]").first().getAttribute("data-copied")).resolves.toBe("");
    await context.close();
  });

  it("moves between pages from the navigation without reloading, and on a phone from the menu", async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${server.url}/docs/getting-started`);
    await expect(page.locator(".docs-sider").isVisible()).resolves.toBe(false);
    await page.evaluate(() => {
      (window as unknown as { marker: boolean }).marker = true;
    });
    await page.getByRole("button", { name: catalog("en", "docs").nav.menu }).click();
    const policy = content("en/policies/privacy.md");
    await page.locator(".ant-drawer").getByRole("link", { name: policy.title }).click();
    await page.waitForURL(/\/policies\/privacy$/);
    await expect.poll(() => page.locator("h1").textContent()).toBe(policy.title);
    await expect(page.evaluate(() => (window as unknown as { marker?: boolean }).marker)).resolves.toBe(true);
    await context.close();
  });

  it("answers an unknown page with the not-found page and status 404", async () => {
    const page = await browser.newPage();
    for (const path of [
      "/docs/no-such-guide",
      "/docs/api/no-such-group",
      "/zh-Hans/policies/no-such-policy",
    ]) {
      const response = await page.goto(server.url + path);
      expect(response?.status(), path).toBe(404);
    }
    await expect(page.locator("h1").textContent()).resolves.toBe(
      catalog("zh-Hans", "common").errors.notFoundTitle,
    );
    await page.close();
  });

  it("shows the API reference with every operation, asks nothing of another site, and tries requests here", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const requests = recordRequests(page);
    await page.goto(`${server.url}/docs`);
    await page.locator(".scalar-api-reference").waitFor({ timeout: 60_000 });
    await expect(page.getByText(catalog("en", "docs").reference.keyHint).isVisible()).resolves.toBe(true);
    await expect(page.getByRole("link", { name: /API keys page/ }).getAttribute("href")).resolves.toBe(
      "/dashboard/api-keys",
    );
    await page.goto(`${server.url}/docs/tag/check/POST/api/v1/check`);
    await page.locator(".scalar-api-reference").waitFor({ timeout: 60_000 });
    await expect.poll(() => page.getByText("/api/v1/check", { exact: true }).first().isVisible()).toBe(true);
    await expect(page.getByText("POST", { exact: true }).first().isVisible()).resolves.toBe(true);
    // The visitor's colour mode (the system's, light here).
    await expect(page.evaluate(() => document.body.classList.contains("light-mode"))).resolves.toBe(true);

    // Try it: the key typed goes to this site as a bearer token (an unknown key: 401, 40101).
    await page.getByPlaceholder("Token").first().fill("nc_test_unknownkey");
    await page
      .getByRole("button", { name: /Test Request/ })
      .first()
      .click();
    const sent = page.waitForRequest((r) => r.url().endsWith("/api/v1/check") && r.method() === "POST");
    await page.getByRole("button", { name: /^Send/ }).first().click();
    const request = await sent;
    expect(request.url()).toBe(`${server.url}/api/v1/check`);
    expect(request.headers().authorization).toBe("Bearer nc_test_unknownkey");
    expect((await request.response())?.status()).toBe(401);

    // The document in the page's language.
    expect(requests.some((url) => url.endsWith("/api/openapi.json?locale=en"))).toBe(true);
    expect(offSite(requests)).toEqual([]);
    await page.close();
  });

  it("the reference follows the colour mode, logs no warning, and reads in the page's language", async () => {
    for (const mode of ["light", "dark"] as const) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: mode });
      await context.addCookies([{ name: "color_mode", value: mode, url: server.url }]);
      const page = await context.newPage();
      const warnings: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "warning" || message.type() === "error") warnings.push(message.text());
      });
      await page.goto(`${server.url}/docs`);
      await page.locator(".scalar-api-reference").waitFor({ timeout: 60_000 });
      await expect
        .poll(() => page.getByText("Check a number").first().isVisible(), { timeout: 30_000 })
        .toBe(true);
      // The colour behind the reference's content: near white in light mode, near black in dark.
      const lightness = await page.evaluate(() => {
        let element: Element | null = document.querySelector(".scalar-api-reference");
        while (element) {
          const colour = getComputedStyle(element).backgroundColor;
          const [r, g, b, a = 1] = (colour.match(/[\d.]+/g) ?? []).map(Number);
          if (a > 0 && r !== undefined) return (r + g! + b!) / 3 / 255;
          element = element.parentElement;
        }
        return null;
      });
      if (mode === "light") expect(lightness).toBeGreaterThan(0.9);
      else expect(lightness).toBeLessThan(0.15);
      await expect(page.evaluate(() => document.body.classList.contains(`${"light"}-mode`))).resolves.toBe(
        mode === "light",
      );
      expect(warnings).toEqual([]);
      await context.close();
    }
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${server.url}/zh-Hans/docs`);
    await page.locator(".scalar-api-reference").waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.getByText("检测一个号码").first().isVisible(), { timeout: 30_000 })
      .toBe(true);
    await expect(page.getByText("Check a number").count()).resolves.toBe(0);
    await page.close();
  });

  it("lists every documentation page in every language in sitemap.xml", async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const path of [
      "/docs</loc>",
      "/docs/getting-started</loc>",
      "/zh-Hans/docs/api/jobs</loc>",
      "/es/docs/errors</loc>",
      "/pt/policies/privacy</loc>",
    ])
      expect(xml).toContain(path);
  });

  it("takes screenshots of a guide (light and dark, en and zh-Hans) and the reference, desktop and 390 px", async () => {
    const shots: [string, string, "light" | "dark"][] = [
      ["docs-guide-en-light", "/docs/getting-started", "light"],
      ["docs-guide-en-dark", "/docs/getting-started", "dark"],
      ["docs-api-zh-light", "/zh-Hans/docs/api/check", "light"],
      ["docs-api-zh-dark", "/zh-Hans/docs/api/check", "dark"],
      ["docs-pricing-en-light", "/docs/pricing", "light"],
      ["docs-services-zh-dark", "/zh-Hans/docs/services", "dark"],
      ["docs-reference", "/docs", "light"],
    ];
    for (const [name, path, mode] of shots) {
      for (const [label, width] of [
        ["desktop", 1280],
        ["mobile", 390],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height: 860 }, colorScheme: mode });
        await context.addCookies([{ name: "color_mode", value: mode, url: server.url }]);
        const page = await context.newPage();
        const requests = recordRequests(page);
        await page.goto(server.url + path);
        if (path === "/docs") await page.locator(".scalar-api-reference").waitFor({ timeout: 60_000 });
        else await expect(page.locator("h1").isVisible()).resolves.toBe(true);
        // Nothing may stick out sideways on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${name} ${label}`).toBeLessThanOrEqual(0);
        await keepScreenshot(page, `${name}-${label}`);
        expect(offSite(requests)).toEqual([]);
        await context.close();
      }
    }
  });
});
