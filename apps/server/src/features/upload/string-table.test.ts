import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { StringTable } from "./string-table";

describe("StringTable", () => {
  let dir: string;
  let made = 0;
  const table = (memoryChars: number) =>
    new StringTable((part) => join(dir, `t${made++}-${part}`), memoryChars);
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "nc-strings-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("keeps a small table in memory and writes no file", async () => {
    const t = table(1_000);
    for (const s of ["a", "", "ü 中文"]) t.add(s);
    t.seal();
    expect([t.get(0), t.get(1), t.get(2), t.get(3)]).toEqual(["a", "", "ü 中文", undefined]);
    expect(await readdir(dir)).toEqual([]);
    await t.dispose();
  });

  it("spills past its budget and reads every string back, in any order, across blocks", async () => {
    const t = table(200);
    const values = Array.from({ length: 50_000 }, (_, i) =>
      i % 7 === 0 ? "" : `${i}·号码·${"x".repeat(i % 300)}`,
    );
    for (const v of values) t.add(v);
    t.seal();
    expect(t.size).toBe(values.length);
    expect((await readdir(dir)).length).toBe(2);
    for (let i = 0; i < values.length; i += 1) expect(t.get(i)).toBe(values[i]);
    for (let i = values.length - 1; i >= 0; i -= 997) expect(t.get(i)).toBe(values[i]);
    expect(t.get(values.length)).toBeUndefined();
    await t.dispose();
    expect(await readdir(dir)).toEqual([]);
  });

  it("holds a string longer than a read block", async () => {
    const t = table(0);
    const long = "7".repeat(200_000);
    t.add("first");
    t.add(long);
    t.add("after");
    t.seal();
    expect([t.get(0), t.get(1), t.get(2)]).toEqual(["first", long, "after"]);
    await t.dispose();
  });
});
