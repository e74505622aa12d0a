import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";

/**
 * The folder the browser tests keep screenshots in for a person to look at
 * (`E2E_SCREENSHOTS=screenshots npx vitest run --project e2e`; CONTRIBUTING.md, "Adding things").
 * Unset, as in CI where nobody looks at them, no screenshot is taken: a full-page one costs the
 * browser a second or more. What a test asserts is the same either way.
 */
const FOLDER = process.env.E2E_SCREENSHOTS;

/** Takes the page's screenshot as `<name>.png` when screenshots are asked for. */
export async function keepScreenshot(
  page: Page,
  name: string,
  options: {
    fullPage?: boolean;
    /** Lets a dialog's or drawer's animation end first. */
    settleMs?: number;
  } = {},
): Promise<void> {
  if (!FOLDER) return;
  mkdirSync(FOLDER, { recursive: true });
  if (options.settleMs) await page.waitForTimeout(options.settleMs);
  await page.screenshot({ path: join(FOLDER, `${name}.png`), fullPage: options.fullPage });
}
