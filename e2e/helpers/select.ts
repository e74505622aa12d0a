import type { Locator, Page } from "playwright-core";
import { clickUntil } from "./click-until";

/**
 * Picks `option` in the antd select that `field` opens, clicking again until it counted
 * (click-until.ts): a single select's list has closed, a multiple one's option is selected (its
 * list stays open for the next choice).
 */
export async function chooseOption(
  page: Page,
  field: Locator,
  option: string | RegExp,
  { multiple = false }: { multiple?: boolean } = {},
): Promise<void> {
  const open = page.locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden)").first();
  const item = open.locator(".ant-select-item-option", { hasText: option });
  await clickUntil(
    async () => {
      if (!(await open.isVisible())) await field.click();
      await item.click();
    },
    async () =>
      multiple
        ? ((await item.getAttribute("class")) ?? "").includes("ant-select-item-option-selected")
        : !(await open.isVisible()),
  );
}
