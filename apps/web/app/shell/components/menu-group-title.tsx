import type { KeyboardEvent, ReactNode } from "react";

/**
 * The title of a side-menu group (a page with its children, e.g. Account > Recharge): a button,
 * so Tab stops on it like on the entries' links and Enter or Space opens and closes the group
 * (docs/accessibility.md, "Names and keyboard"). antd's inline menu only moves there by the arrow
 * keys. The button's click reaches the menu's own title handler, which toggles the group; the
 * menu's key handler, which would toggle it a second time on Enter, does not see that key.
 */
export function MenuGroupTitle({ children }: { children: ReactNode }) {
  return (
    <button
      type="button"
      className="nc-menu-group-title"
      onKeyDown={(event: KeyboardEvent) => {
        if (event.key === "Enter") event.stopPropagation();
      }}
    >
      {children}
    </button>
  );
}
