import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import type { Page } from "playwright-core";

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
