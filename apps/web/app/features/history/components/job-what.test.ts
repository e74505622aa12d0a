import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../../i18n/locales/en/history.json";
import { jobWhat } from "./job-what";

const t = ((key: string, params?: { total?: string; count?: number; n?: string }) => {
  if (key === "history:what.single") return en.what.single;
  if (key === "history:what.singles")
    return (params?.count === 1 ? en.what.singles_one : en.what.singles_other).replace(
      "{{n}}",
      params?.n ?? "",
    );
  return en.what.list.replace("{{total}}", params?.total ?? "");
}) as TFunction;

describe("what a job checked", () => {
  it("names a single check by its number", () => {
    expect(jobWhat(t, { kind: "single", fileName: null, total: 1, number: "+447911123456" }, "en")).toBe(
      "+447911123456",
    );
    expect(jobWhat(t, { kind: "single", fileName: null, total: 1 }, "en")).toBe("1 number");
  });

  it("names a day's job of several single checks by their count, written the reader's way", () => {
    expect(jobWhat(t, { kind: "single", fileName: null, total: 1200, number: null }, "en")).toBe(
      "1,200 single checks",
    );
  });

  it("names a file by its name and a list by its size, written the reader's way", () => {
    expect(jobWhat(t, { kind: "file", fileName: "crm.csv", total: 3000 }, "en")).toBe("crm.csv");
    expect(jobWhat(t, { kind: "list", fileName: null, total: 3000 }, "en")).toBe("List of 3,000 numbers");
  });
});
