import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MIGRATIONS_DIR } from "../../paths";
import { LATENCY_SLOTS } from "./latency-buckets";

describe("latency slots", () => {
  it("the monthly rollup's backfill (migration 0018) adds up every slot", () => {
    const backfill = readFileSync(`${MIGRATIONS_DIR}/0018_usage_month_rollups.sql`, "utf8");
    const slots = [...backfill.matchAll(/sum\(latency_hist\[(\d+)\]\)/g)].map((m) => Number(m[1]));
    expect(slots).toEqual(Array.from({ length: LATENCY_SLOTS }, (_, i) => i + 1));
  });
});
