import type { QueryKey } from "@tanstack/react-query";

/**
 * `placeholderData` of a list whose query key ends with its search or filters: while the answer
 * to a new search loads, the rows of the previous one stay on screen under the table's spinner
 * instead of the table flashing empty. Only for the same list: a key that differs before its last
 * part (another organisation, another job) starts empty, never with someone else's rows.
 */
export function keepWhileFiltering<T>(key: QueryKey) {
  return (previous: T | undefined, previousQuery: { queryKey: QueryKey } | undefined): T | undefined => {
    const before = previousQuery?.queryKey;
    const sameList =
      before !== undefined &&
      before.length === key.length &&
      key.slice(0, -1).every((part, index) => Object.is(part, before[index]));
    return sameList ? previous : undefined;
  };
}

/** Whether a filtered list shows its spinner: nothing loaded yet, or a new search still loading. */
export const listLoading = (list: { isPending: boolean; isPlaceholderData: boolean }) =>
  list.isPending || list.isPlaceholderData;
