import type { TFunction } from "i18next";

/** How many permissions the role editor offers, and how many of them are ticked, in the page's language. */
export const transferCount =
  (t: TFunction) =>
  ({ selectedCount, totalCount }: { selectedCount: number; totalCount: number }) =>
    selectedCount > 0
      ? t("tenant:roles.selected", { count: totalCount, selected: selectedCount })
      : t("tenant:roles.count", { count: totalCount });
