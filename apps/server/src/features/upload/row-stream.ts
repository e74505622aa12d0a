import type { OpenedTable } from "./open-table";

/**
 * The `rows` and `close` of an opened table. Rows stream from the upload, so they can be read
 * once; a second `for await` fails loudly instead of silently seeing nothing. `close` releases the
 * resources first (so a read waiting on the upload ends) and then finishes the generator, whose
 * `finally` releases them too when the rows are read to the end or fail.
 */
export function rowStream(
  generator: AsyncGenerator<string[]>,
  release: () => Promise<void> | void,
): Pick<OpenedTable, "rows" | "close"> {
  let taken = false;
  let closed = false;
  return {
    rows: {
      [Symbol.asyncIterator]() {
        if (taken) throw new Error("the rows of an upload can only be read once");
        taken = true;
        return generator;
      },
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
