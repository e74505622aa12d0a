import { type RefObject, useEffect } from "react";

/**
 * antd's Table scrolls sideways in an inner box it renders itself; a keyboard user can scroll it
 * only if it takes focus, and a screen reader names it by `label` when one is given
 * (docs/accessibility.md). Runs after every render because the table may re-create the box.
 */
export function useFocusableScroll(container: RefObject<HTMLElement | null>, label?: string) {
  useEffect(() => {
    for (const box of container.current?.querySelectorAll<HTMLElement>(".ant-table-content") ?? []) {
      if (box.tabIndex !== 0) box.tabIndex = 0;
      if (label === undefined) continue;
      box.setAttribute("role", "region");
      box.setAttribute("aria-label", label);
    }
  });
}
