import type { Locator } from "playwright-core";
import { expect } from "vitest";

/**
 * Ticks (or clears) a box in a dialog that may still be opening: antd's dialogs open with an
 * animation, and under load a first click can land before the dialog settles and be lost, so the
 * box is set until it shows the wanted state.
 */
export async function setCheckedInDialog(box: Locator, checked: boolean): Promise<void> {
  await expect
    .poll(
      async () => {
        await box.setChecked(checked, { timeout: 2_000 }).catch(() => undefined);
        return box.isChecked();
      },
      { timeout: 10_000 },
    )
    .toBe(checked);
}
