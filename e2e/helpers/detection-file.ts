import { readFile } from "node:fs/promises";
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** Drops a CSV on the open detection page's file entry and waits for its draft's summary. */
export async function dropFile(
  page: Page,
  fileLabel: string,
  csv: string,
  name = "numbers.csv",
): Promise<void> {
  await page.getByTestId("detection-mode").getByText(fileLabel, { exact: true }).click();
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(csv) });
  await expect.poll(() => page.getByTestId("draft-rows").textContent(), { timeout: 30_000 }).toBeTruthy();
}

/** Submits the draft, follows the job to completion and opens its results page. */
export async function submitToResults(page: Page): Promise<void> {
  await page.getByTestId("detection-draft-submit").click();
  await expect
    .poll(() => page.getByTestId("job-status").getAttribute("data-status"), { timeout: 60_000 })
    .toBe("completed");
  await page.getByTestId("job-results-link").click();
  await page.waitForURL(/\/dashboard\/history\/[0-9a-f-]{36}$/);
}

/** The file a download button gives. */
export async function downloadOf(page: Page, testId: string): Promise<Buffer> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByTestId(testId).click()]);
  return readFile((await file.path())!);
}
