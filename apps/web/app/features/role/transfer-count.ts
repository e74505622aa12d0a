import type { TFunction } from "i18next";

/**
 * The count over each list of the permission picker, in the page's language. antd's own reads
 * "0 item" and "1 items" in English whatever the page's language.
 */
export const transferCount =
  (t: TFunction) =>
  ({ selectedCount, totalCount }: { selectedCount: number; totalCount: number }) =>
    selectedCount > 0
      ? t("tenant:roles.selected", { count: totalCount, selected: selectedCount })
      : t("tenant:roles.count", { count: totalCount });
