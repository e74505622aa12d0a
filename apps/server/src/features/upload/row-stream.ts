import type { OpenedTable } from "./open-table";

/**
 * The `rows`, `batches` and `close` of an opened table, from a generator of the rows each piece of
 * the file held. Rows stream from the upload, so they can be read once, one way or the other; a
 * second read fails loudly instead of silently seeing nothing. `close` releases the resources
 * first (so a read waiting on the upload ends) and then finishes the generator, whose `finally`
 * releases them too when the rows are read to the end or fail.
 */
export function rowStream(
  generator: AsyncGenerator<string[][]>,
  release: () => Promise<void> | void,
): Pick<OpenedTable, "rows" | "batches" | "close"> {
  let taken = false;
  let closed = false;
  const take = () => {
    if (taken) throw new Error("the rows of an upload can only be read once");
    taken = true;
    return generator;
  };
  return {
    rows: {
      [Symbol.asyncIterator]: () => rowsOf(take()),
    },
    batches: {
      [Symbol.asyncIterator]: take,
    },
    async close() {
      if (closed) return;
      closed = true;
      await release();
      try {
        await generator.return(undefined);
      } catch {
        // Whatever the abandoned rows failed with no longer matters to anyone.
      }
    },
  };
}

async function* rowsOf(batches: AsyncGenerator<string[][]>): AsyncGenerator<string[]> {
  try {
    for (let next = await batches.next(); !next.done; next = await batches.next()) yield* next.value;
  } finally {
    // Stopped early (a reader's break): the pieces' generator ends too, releasing the upload.
    await batches.return(undefined);
  }
}
