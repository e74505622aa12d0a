import type { RouterCall } from "@nc/numcheck/providers/router";
import { describe, expect, it } from "vitest";
import { HOUR_MS } from "../../core/time";
import { createProviderStatsBuffer } from "./provider-stats-buffer";
import type { ProviderStatsRow } from "./provider-stats-rows";

const call = (over: Partial<RouterCall> = {}): RouterCall => ({
  provider: "p1",
  kind: "hlr",
  country: "GB",
  latencyMs: 120,
  answered: true,
  ...over,
});

/** A repository that keeps what each flush wrote, or fails while `down`. */
function fakeRepo() {
  const writes: ProviderStatsRow[][] = [];
  const repo = {
    down: false,
    writes,
    async add(rows: ProviderStatsRow[]) {
      if (repo.down) throw new Error("database down");
      writes.push(rows.map((r) => ({ ...r, latencyHist: [...r.latencyHist] })));
    },
  };
  return repo;
}

describe("provider statistics buffer", () => {
  it("counts calls in memory and writes one row per provider, country, kind and hour in one batch", async () => {
    let now = 5 * HOUR_MS + 10;
    const repo = fakeRepo();
    const buffer = createProviderStatsBuffer(repo, { flushMs: 60_000, now: () => now });
    for (let i = 0; i < 30; i++)
      buffer.record(call({ latencyMs: i < 20 ? 40 : 900, answered: i % 10 !== 0 }));
    buffer.record(call({ country: null }));
    buffer.record(call({ kind: "mnp" }));
    now += HOUR_MS;
    buffer.record(call());
    expect(repo.writes).toEqual([]);
    await buffer.flush();
    expect(repo.writes).toHaveLength(1);
    const rows = repo.writes[0]!;
    // In key order (how two processes lock shared rows in the same order).
    expect(rows.map((r) => [r.hour, r.country, r.kind, r.attempts, r.answered])).toEqual([
      [5 * HOUR_MS, "GB", "hlr", 30, 27],
      [5 * HOUR_MS, "GB", "mnp", 1, 1],
      [5 * HOUR_MS, "", "hlr", 1, 1],
      [6 * HOUR_MS, "GB", "hlr", 1, 1],
    ]);
    // 40 ms falls in the slot up to 50 ms (index 3), 900 ms in the one up to 1 s (index 10).
    expect(rows[0]!.latencyHist[3]).toBe(20);
    expect(rows[0]!.latencyHist[10]).toBe(10);
    expect(rows[0]!.latencyHist.reduce((a, b) => a + b, 0)).toBe(30);
    // Nothing left: a second flush writes nothing.
    await buffer.flush();
    expect(repo.writes).toHaveLength(1);
    expect(buffer.pending).toBe(0);
  });

  it("keeps a failed batch and adds it to what came since, for the next flush", async () => {
    const repo = fakeRepo();
    const buffer = createProviderStatsBuffer(repo, { flushMs: 60_000, now: () => HOUR_MS });
    buffer.record(call());
    repo.down = true;
    await buffer.flush();
    expect(buffer.pending).toBe(1);
    buffer.record(call({ answered: false }));
    repo.down = false;
    await buffer.flush();
    expect(repo.writes).toHaveLength(1);
    expect(repo.writes[0]!).toMatchObject([{ attempts: 2, answered: 1 }]);
  });

  it("flushes on its own after the interval", async () => {
    const repo = fakeRepo();
    const buffer = createProviderStatsBuffer(repo, { flushMs: 20 });
    buffer.record(call());
    await expect.poll(() => repo.writes.length).toBe(1);
  });
});
