import { describe, expect, it } from "vitest";
import { keepWhileFiltering, listLoading } from "./filtered-list";

describe("a filtered list's placeholder", () => {
  const rows = { pages: [{ items: ["a"] }] };

  it("is the previous answer of the same list under other filters", () => {
    const keep = keepWhileFiltering<typeof rows>(["account", "t-1", "transactions", { type: "2" }]);
    expect(keep(rows, { queryKey: ["account", "t-1", "transactions", {}] })).toBe(rows);
  });

  it("is nothing for another organisation's or another job's list, or a list of another shape", () => {
    const keep = keepWhileFiltering<typeof rows>(["jobs", "t-2", "job-1", "items", { status: "done" }]);
    expect(keep(rows, { queryKey: ["jobs", "t-1", "job-1", "items", { status: "done" }] })).toBeUndefined();
    expect(keep(rows, { queryKey: ["jobs", "t-2", "job-9", "items", {}] })).toBeUndefined();
    expect(keep(rows, { queryKey: ["jobs", "t-2", "job-1"] })).toBeUndefined();
    expect(keep(undefined, undefined)).toBeUndefined();
  });

  it("shows the spinner before the first answer and while a new search loads", () => {
    expect(listLoading({ isPending: true, isPlaceholderData: false })).toBe(true);
    expect(listLoading({ isPending: false, isPlaceholderData: true })).toBe(true);
    expect(listLoading({ isPending: false, isPlaceholderData: false })).toBe(false);
  });
});
