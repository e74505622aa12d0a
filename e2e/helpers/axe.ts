import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Browser, Page } from "playwright-core";
import { quietNetwork } from "./browser";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
/** WCAG 2.1 levels A and AA (docs/accessibility.md). */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const BLOCKING = new Set(["serious", "critical"]);

export type Violation = AxeResults["violations"][number];

/** One line per failing element: rule, impact, selector and axe's own explanation. */
export function describeViolations(violations: Violation[]): string {
  return violations
    .flatMap((v) =>
      v.nodes.map(
        (n) => `  [${v.impact}] ${v.id}: ${n.target.join(" ")}\n    ${n.failureSummary?.replace(/\n/g, " ")}`,
      ),
    )
    .join("\n");
}

/**
 * The serious and critical WCAG 2.1 A/AA violations of the page as it is on screen. The engine is
 * injected through the DevTools protocol, so the page's Content-Security-Policy stays as it is.
 */
export async function axeViolations(page: Page): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  const run = (only: { type: "tag" | "rule"; values: string[] }) =>
    page.evaluate(
      (runOnly) =>
        (window as unknown as { axe: typeof import("axe-core") }).axe.run(document, {
          runOnly,
          resultTypes: ["violations"],
        }),
      only,
    ) as Promise<AxeResults>;
  const wcag = await run({ type: "tag", values: TAGS });
  // A header cell with no text leaves a screen reader's column unnamed: refused too, though axe calls it minor.
  const headers = await run({ type: "rule", values: ["empty-table-header"] });
  return [...wcag.violations.filter((v) => BLOCKING.has(v.impact ?? "")), ...headers.violations];
}

/**
 * Waits until the page is still: its requests done and every animation that ends over (antd fades
 * content in, and axe measures colours as they are on screen), instead of a fixed pause.
 */
export async function settled(page: Page): Promise<void> {
  await quietNetwork(page);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime ?? 0))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

export interface AxePagesRun {
  /** The server's origin, e.g. http://127.0.0.1:PORT. */
  url: string;
  mode: "light" | "dark";
  paths: readonly string[];
  /** A session to be signed in with; none: signed out. */
  sid?: string;
  /** What a page must show before it is measured, beyond its heading (a table's rows, say). */
  ready?: (page: Page, path: string) => Promise<unknown>;
}

/**
 * Each page in the colour mode asked (the mode cookie and the browser's scheme both), on a desktop,
 * measured once loaded and still (`settled`), with its main heading (or main region) there.
 * Answers one entry per page with violations, "path (mode)" and their description; [] when none.
 */
export async function axePages(browser: Browser, run: AxePagesRun): Promise<string[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, colorScheme: run.mode });
  await context.addCookies([
    { name: "color_mode", value: run.mode, url: run.url },
    ...(run.sid ? [{ name: "sid", value: run.sid, url: run.url }] : []),
  ]);
  const failures: string[] = [];
  try {
    for (const path of run.paths) {
      const page = await context.newPage();
      const response = await page.goto(`${run.url}${path}`);
      if (response?.status() !== 200) throw new Error(`${path}: status ${response?.status()}, not 200`);
      await page
        .locator("h1, main")
        .first()
        .waitFor()
        .catch((error: Error) => {
          throw new Error(`${path}: ${error.message}`);
        });
      await run.ready?.(page, path);
      await settled(page);
      const violations = await axeViolations(page);
      if (violations.length > 0) failures.push(`${path} (${run.mode})\n${describeViolations(violations)}`);
      await page.close();
    }
  } finally {
    await context.close();
  }
  if (failures.length > 0) console.log(failures.join("\n\n"));
  return failures;
}
