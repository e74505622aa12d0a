import { describe, expect, it } from "vitest";
import { groupCommit } from "./group-commit";

/** A group commit that records its batches and answers each item doubled. */
function recording(gather: boolean) {
  const batches: number[][] = [];
  const commit = groupCommit<number, number>(
    async (items) => {
      batches.push(items);
      await new Promise((r) => setTimeout(r, 1));
      return items.map((n) => n * 2);
    },
    { maxBatch: 100, gather },
  );
  return { batches, commit };
}

/**
 * Submits from separate callbacks that run in one turn of the event loop, as provider answers do.
 * Immediates queued together always run in one check phase; timers of 0 ms may straddle a
 * millisecond and fire in two turns on a busy machine, which would test the clock, not the batching.
 */
function fromTimers(submit: (n: number) => Promise<number>, count: number): Promise<number[]> {
  return Promise.all(
    Array.from(
      { length: count },
      (_, i) => new Promise<number>((resolve) => setImmediate(() => resolve(submit(i)))),
    ),
  );
}

describe("group commit", () => {
  it("writes a lone item at once, and what arrives meanwhile as the next batch", async () => {
    const { batches, commit } = recording(false);
    expect(await fromTimers((n) => commit.submit(n), 5)).toEqual([0, 2, 4, 6, 8]);
    expect(batches).toEqual([[0], [1, 2, 3, 4]]);
  });

  it("gathering, puts the items of one turn of the event loop in one batch", async () => {
    const { batches, commit } = recording(true);
    expect(await fromTimers((n) => commit.submit(n), 5)).toEqual([0, 2, 4, 6, 8]);
    expect(batches).toEqual([[0, 1, 2, 3, 4]]);
    // Alone, an item still goes without a timer's delay: one turn.
    expect(await commit.submit(7)).toBe(14);
    expect(batches.at(-1)).toEqual([7]);
  });
});
