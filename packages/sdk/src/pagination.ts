/** One page of a list: its items and the cursor of the next page (null on the last). */
export interface Page<T, C = string> {
  items: T[];
  nextCursor: C | null;
}

/**
 * Every item of every page, fetching a page only when the previous one has been read: calls
 * `fetchPage(undefined)` first, then `fetchPage(nextCursor)` until a page has no next cursor.
 */
export async function* paginate<T, C>(
  fetchPage: (cursor: C | undefined) => Promise<Page<T, C>>,
): AsyncGenerator<T, void, undefined> {
  let cursor: C | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield* page.items;
    if (page.nextCursor === null || page.nextCursor === undefined) return;
    cursor = page.nextCursor;
  }
}
