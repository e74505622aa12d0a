import type { PageContext } from "@nc/contracts/site";
import { type DehydratedState, dehydrate, QueryClient, type QueryKey } from "@tanstack/react-query";

/** A query a page would run as soon as it mounts, and the API address it reads. */
export interface ServerQuery {
  queryKey: QueryKey;
  path: string;
  /** What the query's function makes of the API's data, when not the data itself. */
  pick?: (data: unknown) => unknown;
}

/**
 * Answers a page's first queries on the server (the API asked in-process, as the visitor) and
 * hands them over in the query cache's own transport form, for the page's <HydrationBoundary>.
 * The first HTML then shows the data instead of placeholders, and the browser neither asks again
 * nor renders those components a second time right after hydration (docs/performance.md, "Work
 * right after hydration, and scripts after the first paint"). An answer that is not a success is
 * left out: the browser asks for it as before and shows what it gets.
 */
export async function serverQueries(context: PageContext, queries: ServerQuery[]): Promise<DehydratedState> {
  const client = new QueryClient();
  const answers = await Promise.all(
    queries.map((query) => context.apiJson(query.path).catch(() => ({ status: 0, data: null }))),
  );
  queries.forEach((query, index) => {
    const data = answers[index]?.data;
    if (data !== null && data !== undefined) {
      client.setQueryData(query.queryKey, query.pick ? query.pick(data) : data);
    }
  });
  return dehydrate(client);
}
