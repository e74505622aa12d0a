import type { Locator, Page } from "playwright-core";

/**
 * Picks `option` in the antd select that `field` opens, and waits until its list has closed.
 * On a loaded machine the list may still be sliding in when the option is clicked, and the click
 * can land before it counts: the option is then clicked again (at most three times), rather than
 * leaving an open list over the next control.
 */
export async function chooseOption(page: Page, field: Locator, option: string | RegExp): Promise<void> {
  const open = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").first();
  for (let attempt = 1; ; attempt++) {
    if (!(await open.isVisible())) await field.click();
    await open.locator(".ant-select-item-option", { hasText: option }).click();
    try {
      await open.waitFor({ state: "hidden", timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}
