import { describe, expect, it } from "vitest";
import { csvStream, neutraliseCsvCell } from "./table-export";

/** Reads a CSV line as a spreadsheet told to split on `separator` and to ignore quotes would. */
const naiveCells = (line: string, separator: string) => line.split(separator);
const RUNS = /^\s*[=+\-@]/;
const PHONES = ["+447400123456", "+44 7400 123456"];

describe("CSV cells cannot become formulas whatever separator a spreadsheet splits on", () => {
  it("puts an apostrophe after a separator followed by a formula start, and quotes the cell", () => {
    expect(neutraliseCsvCell("1;=1+1")).toBe(`"1;'=1+1"`);
    expect(neutraliseCsvCell("1,=1+1")).toBe(`"1,'=1+1"`);
    expect(neutraliseCsvCell("1\t=1+1")).toBe(`"1\t'=1+1"`);
    expect(neutraliseCsvCell("1|=1+1")).toBe(`"1|'=1+1"`);
    expect(neutraliseCsvCell("a\n-2+3")).toBe(`"a\n'-2+3"`);
    expect(neutraliseCsvCell("a\r@SUM(A1)")).toBe(`"a\r'@SUM(A1)"`);
    // Blanks between the separator and the formula do not hide it.
    expect(neutraliseCsvCell("x;  +cmd")).toBe(`"x;'  +cmd"`);
    expect(neutraliseCsvCell("x;\t=1")).toBe(`"x;'\t'=1"`);
    // The start and every piece after it.
    expect(neutraliseCsvCell("=1;=2|@3")).toBe(`"'=1;'=2|'@3"`);
    expect(neutraliseCsvCell(`=HYPERLINK("http://x");1`)).toBe(`"'=HYPERLINK(""http://x"");1"`);
  });

  it("leaves text, plain numbers and phone numbers as they are (quoted only when they hold a separator)", () => {
    for (const v of ["+447400123456", "+44 7400 123456", "+1 201-555-0123", "(020) 7946 0958", "-1.25", "3"])
      expect(neutraliseCsvCell(v)).toBe(v);
    expect(neutraliseCsvCell("a - b + c")).toBe("a - b + c");
    expect(neutraliseCsvCell("Smith; John")).toBe(`"Smith; John"`);
    expect(neutraliseCsvCell("1,234.50")).toBe(`"1,234.50"`);
    expect(neutraliseCsvCell(`say "hi"`)).toBe(`"say ""hi"""`);
    expect(neutraliseCsvCell("")).toBe("");
  });

  it("no piece of a written line starts a formula when split on comma, semicolon, tab, pipe or line breaks", async () => {
    const hostile = [
      "1;=1+1",
      "a,=cmd|' /C calc'!A0",
      "ok\t@SUM(A1)",
      "p|-2+3",
      "line\n=1",
      "cr\r+1",
      "=1; =2,\t=3",
      "x; ;=1",
      ...PHONES,
    ];
    let text = "";
    for await (const chunk of csvStream(
      ["h1", "=h2;=h3"],
      (async function* () {
        yield hostile;
      })(),
    ))
      text += chunk;
    expect(text.startsWith("\uFEFF")).toBe(true);
    for (const separator of [",", ";", "\t", "|", "\n", "\r"])
      for (const cell of naiveCells(text.slice(1), separator)) {
        const piece = cell.replace(/^"+/, "");
        if (PHONES.includes(piece.trim())) continue;
        expect(piece, `split on ${JSON.stringify(separator)}`).not.toMatch(RUNS);
      }
    // Phone numbers keep their "+".
    expect(text).toContain(",+447400123456,+44 7400 123456\r\n");
  });
});
