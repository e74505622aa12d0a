import { describe, expect, it } from "vitest";
import { pickColumn } from "../src/features/upload/pick-column";

const ukNumbers = (n: number) => Array.from({ length: n }, (_, i) => `+44 7911 ${String(123450 + i)}`);

describe("pickColumn", () => {
  it("finds the phone column among name, e-mail and phone under an English header", () => {
    const phones = ukNumbers(8);
    const sample = [
      ["Name", "E-mail", "Phone"],
      ...phones.map((phone, i) => [`Person ${i}`, `p${i}@example.com`, phone]),
    ];
    const picked = pickColumn(sample);
    expect(picked.header).toBe(true);
    expect(picked.column).toBe(2);
    expect(picked.columns.map((c) => c.name)).toEqual(["Name", "E-mail", "Phone"]);
    expect(picked.columns[2]).toEqual({ index: 2, name: "Phone", samples: phones.slice(0, 5), phoneLike: 1 });
    expect(picked.columns[0]!.phoneLike).toBe(0);
    expect(picked.columns[1]!.phoneLike).toBe(0);
  });

  it("recognises a Chinese header and national numbers with a default country", () => {
    const sample = [
      ["姓名", "手机号码"],
      ["张三", "13800138000"],
      ["李四", "139 0013 9000"],
      ["王五", ""],
    ];
    const picked = pickColumn(sample, "CN");
    expect(picked.header).toBe(true);
    expect(picked.column).toBe(1);
    expect(picked.columns[1]).toMatchObject({ name: "手机号码", samples: ["13800138000", "139 0013 9000"] });
    expect(picked.columns[1]!.phoneLike).toBeCloseTo(2 / 3);
  });

  it("picks the column of messy cells: quoted, labelled, two numbers in one cell", () => {
    const sample = [
      ["Ref", "Contact"],
      ["A-1", '"+44 7911 123456"'],
      ["B-2", "Mobile: +44 7911 123457 (work)"],
      ["C-3", "+44 7911 123458 / +44 7911 123459"],
      ["D-4", "+8613800138000;"],
    ];
    const picked = pickColumn(sample);
    expect(picked).toMatchObject({ header: true, column: 1 });
    expect(picked.columns[1]!.phoneLike).toBe(1);
    expect(picked.columns[0]!.phoneLike).toBe(0);
  });

  it("takes a header-only file's phone word as the hint", () => {
    const picked = pickColumn([["id", "número de teléfono"]]);
    expect(picked).toMatchObject({ header: true, column: 1 });
  });

  it("sees a header without keywords when row 0 is text and the rows below are numbers", () => {
    const sample = [["Contact", "Who"], ...ukNumbers(4).map((phone) => [phone, "someone"])];
    const picked = pickColumn(sample);
    expect(picked.header).toBe(true);
    expect(picked.column).toBe(0);
    expect(picked.columns[0]!.name).toBe("Contact");
  });

  it("reports no header when the first row is already data", () => {
    const sample = [
      ["Ann", "Mobile", "+44 7911 123456"],
      ["Bob", "Mobile", "+44 7911 123457"],
      ["Cy", "Landline", "(020) 7946-0018"],
    ];
    const picked = pickColumn(sample);
    expect(picked.header).toBe(false);
    expect(picked.column).toBe(2);
    expect(picked.columns.map((c) => c.name)).toEqual(["", "", ""]);
    expect(picked.columns[2]!.samples).toEqual(["+44 7911 123456", "+44 7911 123457", "(020) 7946-0018"]);
    // Without a country the national number still reads as a number; the words do not.
    expect(picked.columns[2]!.phoneLike).toBe(1);
    expect(picked.columns[1]!.phoneLike).toBe(0);
  });

  it("prefers the phone column over dates and short codes, and lists ragged columns", () => {
    const sample = [
      ["2024-01-05", "42", "8613800138000"],
      ["2024-01-06", "43", "4.41E+11", "extra"],
    ];
    const picked = pickColumn(sample);
    expect(picked.header).toBe(false);
    expect(picked.column).toBe(2);
    expect(picked.columns).toHaveLength(4);
    expect(picked.columns.map((c) => c.phoneLike)).toEqual([0, 0, 1, 0]);
  });

  it("answers an empty sample without columns", () => {
    expect(pickColumn([])).toEqual({ header: false, column: 0, columns: [] });
  });
});
