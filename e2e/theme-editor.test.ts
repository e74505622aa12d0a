import { readFileSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser } from "./helpers/browser";
import { type RunningServer, startServer } from "./helpers/server";

const catalog = (locale: string) =>
  JSON.parse(
    readFileSync(
      new URL(`../apps/web/app/i18n/locales/${locale}/theme-editor.json`, import.meta.url),
      "utf8",
    ),
  );
const en = catalog("en");

/**
 * Colours as a primary button paints them: the brand colour's text-safe shade in light mode
 * (docs/accessibility.md), so #18a058 paints #127d45 and an override of #1677ff paints #0064ee.
 */
const GREEN = "rgb(18, 125, 69)";
const BLUE = "rgb(0, 100, 238)";
const STORAGE_KEY = "nc-theme-overrides";

/** React has taken over the server-rendered page, so clicks reach their handlers. */
async function hydrated(page: Page) {
  await page.waitForFunction(() => Object.keys(document.body).some((k) => k.startsWith("__reactFiber")));
}

async function open(context: BrowserContext, url: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await hydrated(page);
  return page;
}

const submitBackground = (page: Page) =>
  page
    .locator('button[type="submit"].ant-btn-primary')
    .evaluate((el) => getComputedStyle(el).backgroundColor);

async function openPanel(page: Page) {
  // The editor is a lazily loaded part: its server-rendered button takes clicks only once its own
  // script has loaded and React has hydrated it (the page's hydration alone is not enough).
  await page.waitForFunction(() => {
    const button = document.querySelector('[data-testid="theme-editor-button"]');
    return button !== null && Object.keys(button).some((k) => k.startsWith("__reactProps"));
  });
  await page.getByTestId("theme-editor-button").click();
  await page.getByTestId("theme-editor-panel").waitFor();
}

describe("theme editor enabled by THEME_EDITOR_ENABLED", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer({ env: { THEME_EDITOR_ENABLED: "true" } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows no button without ?theme_editor=1", async () => {
    const context = await browser.newContext();
    for (const query of ["", "?theme_editor=0", "?theme_editor=yes"]) {
      const page = await open(context, `${server.url}/login${query}`);
      await expect(page.getByTestId("theme-editor-button").count()).resolves.toBe(0);
      await page.close();
    }
    await context.close();
  });

  it("opens a 288px panel from a 44px button, maximises it to the full width and hides it", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await open(context, `${server.url}/login?theme_editor=1`);
    const button = page.getByTestId("theme-editor-button");
    await expect(button.getAttribute("aria-label")).resolves.toBe(en.open);
    const box = await button.boundingBox();
    expect([box?.width, box?.height]).toEqual([44, 44]);

    await openPanel(page);
    const panel = page.getByTestId("theme-editor-panel");
    await expect(panel.getAttribute("aria-label")).resolves.toBe(en.title);
    expect((await panel.boundingBox())?.width).toBe(288);
    await expect(page.getByText(en.tokens.colorPrimary).isVisible()).resolves.toBe(true);

    await page.getByTestId("theme-editor-maximise").click();
    expect((await panel.boundingBox())?.width).toBe(1280);
    await page.getByTestId("theme-editor-maximise").click();
    expect((await panel.boundingBox())?.width).toBe(288);

    await page.getByTestId("theme-editor-hide").click();
    await expect(panel.count()).resolves.toBe(0);
    await expect(button.isVisible()).resolves.toBe(true);
    await button.click();
    await expect(panel.isVisible()).resolves.toBe(true);
    await context.close();
  });

  it("changes the primary colour live, keeps it in local storage across a reload, and resets", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const page = await open(context, `${server.url}/login?theme_editor=1`);
    await expect(submitBackground(page)).resolves.toBe(GREEN);

    await openPanel(page);
    await page.getByRole("button", { name: en.tokens.colorPrimary, exact: true }).click();
    await page.locator(".ant-color-picker-hex-input input").fill("1677ff");
    await expect.poll(() => submitBackground(page)).toBe(BLUE);
    const stored = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY);
    expect(JSON.parse(stored ?? "null")).toMatchObject({ light: { colorPrimary: "#1677ff" } });

    await page.reload();
    await hydrated(page);
    await expect.poll(() => submitBackground(page)).toBe(BLUE);

    // The light layer does not reach dark mode; the dark layer does.
    const dark = await browser.newContext({ colorScheme: "dark" });
    await dark.addCookies([{ name: "color_mode", value: "dark", url: server.url }]);
    const darkPage = await open(dark, `${server.url}/login?theme_editor=1`);
    const darkBaseline = await submitBackground(darkPage);
    await darkPage.evaluate(([key, value]) => localStorage.setItem(key!, value!), [
      STORAGE_KEY,
      JSON.stringify({ light: { colorPrimary: "#1677ff" }, dark: { borderRadius: 3 } }),
    ] as const);
    await darkPage.reload();
    await hydrated(darkPage);
    const radius = () =>
      darkPage
        .locator('button[type="submit"].ant-btn-primary')
        .evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
    await expect.poll(radius).toBe("3px");
    await expect(submitBackground(darkPage)).resolves.toBe(darkBaseline);
    await dark.close();

    await openPanel(page);
    await page.getByRole("button", { name: en.reset }).click();
    await page.locator(".ant-popconfirm").getByRole("button", { name: en.reset }).click();
    await expect.poll(() => submitBackground(page)).toBe(GREEN);
    await expect(page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).resolves.toBeNull();
    await context.close();
  });

  it('refuses an imported file that is not valid JSON with "Imported File is Invalid"', async () => {
    const context = await browser.newContext();
    const page = await open(context, `${server.url}/login?theme_editor=1`);
    await openPanel(page);
    const input = page.getByTestId("theme-editor-import-file");
    const outcome = page.getByTestId("theme-editor-import-outcome");
    for (const text of ["{ this is not json", '["an array, not layers"]', '{"light":{"colorPrimary":7}}']) {
      await input.setInputFiles({
        name: "theme.json",
        mimeType: "application/json",
        buffer: Buffer.from(text),
      });
      await expect.poll(() => outcome.textContent()).toBe("Imported File is Invalid");
      await expect(outcome.getAttribute("role")).resolves.toBe("alert");
      await page.getByTestId("theme-editor-import-outcome").locator(".ant-alert-close-icon").click();
      await expect(outcome.count()).resolves.toBe(0);
    }
    await expect(submitBackground(page)).resolves.toBe(GREEN);
    await expect(page.evaluate((key) => localStorage.getItem(key), STORAGE_KEY)).resolves.toBeNull();

    // In the page's own language too.
    const zh = await open(context, `${server.url}/zh-Hans/login?theme_editor=1`);
    await openPanel(zh);
    await zh.getByTestId("theme-editor-import-file").setInputFiles({
      name: "theme.json",
      mimeType: "application/json",
      buffer: Buffer.from("not json"),
    });
    const zhText = catalog("zh-Hans").importInvalid;
    expect(zhText).not.toBe(en.importInvalid);
    await expect.poll(() => zh.getByTestId("theme-editor-import-outcome").textContent()).toBe(zhText);
    await context.close();
  });

  it("exports the overrides as a JSON file that imports back", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    const overrides = { shared: { colorPrimary: "#1677ff" }, light: {}, dark: {}, mobile: { fontSize: 16 } };
    await context.addInitScript(
      ([key, value]) => {
        if (!sessionStorage.getItem("seeded")) localStorage.setItem(key!, value!);
        sessionStorage.setItem("seeded", "1");
      },
      [STORAGE_KEY, JSON.stringify(overrides)] as const,
    );
    const page = await open(context, `${server.url}/login?theme_editor=1`);
    await expect.poll(() => submitBackground(page)).toBe(BLUE);
    await openPanel(page);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: en.export }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("theme-overrides.json");
    const exported = readFileSync((await download.path())!, "utf8");
    expect(JSON.parse(exported)).toEqual(overrides);

    await page.evaluate((key) => localStorage.removeItem(key), STORAGE_KEY);
    await page.reload();
    await hydrated(page);
    await expect(submitBackground(page)).resolves.toBe(GREEN);
    await openPanel(page);
    await page.getByTestId("theme-editor-import-file").setInputFiles({
      name: "theme-overrides.json",
      mimeType: "application/json",
      buffer: Buffer.from(exported),
    });
    await expect.poll(() => page.getByTestId("theme-editor-import-outcome").textContent()).toBe(en.imported);
    await expect.poll(() => submitBackground(page)).toBe(BLUE);
    await context.close();
  });
});

describe("theme editor without THEME_EDITOR_ENABLED", () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("ignores ?theme_editor=1 and any stored overrides", async () => {
    const context = await browser.newContext({ colorScheme: "light" });
    await context.addInitScript(([key, value]) => localStorage.setItem(key!, value!), [
      STORAGE_KEY,
      JSON.stringify({ shared: { colorPrimary: "#1677ff" } }),
    ] as const);
    const page = await open(context, `${server.url}/login?theme_editor=1`);
    await expect(page.getByTestId("theme-editor-button").count()).resolves.toBe(0);
    await expect(submitBackground(page)).resolves.toBe(GREEN);
    await context.close();
  });
});
