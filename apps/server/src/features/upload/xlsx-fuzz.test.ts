import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measured } from "../../../test/helpers/uploads";
import { type ZipPart, zip } from "../../../test/helpers/zip";
import { AppError } from "../../core/app-error";
import { MAX_ROW_CELLS, MAX_ROW_CHARS } from "./limits";
import { openTable } from "./open-table";

/**
 * Random workbooks thrown at the XLSX reader: any number of sheets and links, shared string
 * tables that lie about their size, rows whose cells point at long strings from near and far
 * columns, prefixed, nested and unknown elements, comments, CDATA, entities, cut-off parts. Each
 * must be read or refused with an upload error (never another exception), within a time and heap
 * budget, leaving no temp file; a row read is never over the row bounds (docs/security.md,
 * "Uploads").
 */

const MAIN_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const RUNS = 300;
const TIME_BUDGET_MS = 3_000;
const HEAP_BUDGET = 64 * 1024 * 1024;
/** What a refused workbook may be refused with. */
const UPLOAD_REFUSALS = new Set([
  "fileCorrupt",
  "fileEmpty",
  "fileRowTooLarge",
  "fileTooComplex",
  "fileExpandsTooMuch",
]);

/** Text a writer might put in a cell, and some no writer would. */
const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 20 }).map(escapeXml), weight: 6 },
  {
    arbitrary: fc.constantFrom("+44 7911 123456", "&amp;&lt;&#x1F600;&#128512;", "<![CDATA[a<b]]>"),
    weight: 2,
  },
  { arbitrary: fc.integer({ min: 1, max: 40_000 }).map((n) => "x".repeat(n)), weight: 2 },
);

const column = often(
  fc.oneof(fc.constantFrom("A", "B", "Z", "AA", "AMJ", ""), fc.nat({ max: 1_023 }).map(columnName)),
  fc.oneof(fc.constantFrom("AMK", "XFD"), fc.integer({ min: 1_024, max: 16_383 }).map(columnName)),
);

const cell = fc.record({
  column,
  type: fc.constantFrom("s", "inlineStr", "n", "b", "str", "e", undefined),
  /** For shared strings: an index, often out of range, sometimes not a number. */
  index: fc.oneof(fc.nat({ max: 5 }), fc.constant("")),
  value: text,
  /** How many times the cell repeats in its row (a fan-out of one reference). */
  repeat: often(fc.constant(1), fc.integer({ min: 1, max: 3_000 })),
  prefix: fc.constantFrom("", "x:"),
});

const row = fc.record({
  r: fc.oneof(fc.constant(undefined), fc.integer({ min: 0, max: 1_100_000 })),
  cells: fc.array(cell, { maxLength: 4 }),
});

/** A row no writer makes: a reference past XFD, a string index out of range or not a number. */
const brokenRow = fc.constantFrom(
  '<row><c r="XFE1"><v>1</v></c></row>',
  '<row><c r="ZZZZ1"><v>1</v></c></row>',
  '<row><c t="s"><v>999</v></c></row>',
  '<row><c t="s"><v>-1</v></c></row>',
  '<row><c t="s"><v>x</v></c></row>',
  "<row><c><v>&bogus;</v></c></row>",
  "<row><c><v>&#0;</v></c></row>",
  "<row><c><v><b></v></c></row>",
);

const odd = fc.constantFrom(
  "",
  "<!-- a comment -->",
  "<?pi data?>",
  "<extLst><ext><deep><deeper/></deep></ext></extLst>",
  "<![CDATA[ ]]>",
  "<!DOCTYPE x>",
  "<unclosed>",
  "</sheetData>",
  "&#xD800;",
);

const book = fc.record({
  sheets: often(fc.nat({ max: 3 }), fc.integer({ min: 1_000, max: 1_100 })),
  links: often(fc.nat({ max: 3 }), fc.integer({ min: 4_090, max: 4_200 })),
  strings: fc.array(text, { minLength: 6, maxLength: 40 }),
  declaredStrings: often(fc.constant(undefined), fc.oneof(fc.nat({ max: 100 }), fc.constant(99_000_000))),
  emptyStrings: often(fc.constant(0), fc.integer({ min: 0, max: 200_000 })),
  rows: fc.array(row, { maxLength: 12 }),
  broken: often(fc.constant(""), brokenRow),
  nesting: often(fc.nat({ max: 10 }), fc.nat({ max: 300 })),
  odd: often(fc.constant(""), odd),
  cutAt: often(fc.constant(undefined), fc.double({ min: 0, max: 1, noNaN: true })),
  nameCase: fc.constantFrom("xl/worksheets/sheet1.xml", "XL/Worksheets/Sheet1.xml"),
});

/** Mostly `usual`, sometimes `odd`: most inputs must get far enough to reach the rows. */
function often<T, U>(usual: fc.Arbitrary<T>, rare: fc.Arbitrary<U>): fc.Arbitrary<T | U> {
  return fc.oneof({ arbitrary: usual, weight: 4 }, { arbitrary: rare, weight: 1 });
}

type Book = typeof book extends fc.Arbitrary<infer T> ? T : never;

function build(b: Book): Buffer {
  const sheets = Array.from(
    { length: b.sheets },
    (_, i) => `<sheet name="S${i}" sheetId="${i + 1}" r:id="rId${i}"/>`,
  );
  const links = Array.from(
    { length: b.links },
    (_, i) => `<Relationship Id="rId${i}" Type="${RELS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
  );
  const count = b.declaredStrings === undefined ? "" : ` uniqueCount="${b.declaredStrings}"`;
  const strings = `<?xml version="1.0"?><sst ${MAIN_NS}${count}>${b.strings
    .map((s, i) =>
      i % 3 === 2
        ? `<si><r><t>${s}</t></r><rPh><t>phonetic</t></rPh><r><t>!</t></r></si>`
        : `<si><t>${s}</t></si>`,
    )
    .join("")}${"<si/>".repeat(b.emptyStrings)}</sst>`;
  const rows = b.rows
    .map((r, i) => {
      const cells = r.cells
        .map((c) => {
          const p = c.prefix;
          const ref = c.column === "" ? "" : ` r="${c.column}${r.r ?? i + 1}"`;
          const type = c.type ? ` t="${c.type}"` : "";
          const body =
            c.type === "s"
              ? `<${p}v>${c.index}</${p}v>`
              : c.type === "inlineStr"
                ? `<${p}is><${p}t>${c.value}</${p}t></${p}is>`
                : `<${p}v>${c.value}</${p}v>`;
          // Fan-out is what a reference is for; a long written value repeated only makes the file big.
          const times = c.type === "s" || c.value.length < 64 ? c.repeat : Math.min(c.repeat, 2);
          return `<${p}c${ref}${type}>${body}</${p}c>`.repeat(times);
        })
        .join("");
      return `<row${r.r === undefined ? "" : ` r="${r.r}"`}>${cells}</row>`;
    })
    .join("");
  const open = "<g>".repeat(b.nesting);
  const close = "</g>".repeat(b.nesting);
  const sheet = `<?xml version="1.0"?><worksheet ${MAIN_NS}>${b.odd}${open}${close}<sheetData>${rows}${b.broken}</sheetData></worksheet>`;
  const parts: ZipPart[] = [
    { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
    {
      name: "xl/workbook.xml",
      data: Buffer.from(`<workbook ${MAIN_NS} ${REL_NS}><sheets>${sheets.join("")}</sheets></workbook>`),
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data: Buffer.from(`<Relationships>${links.join("")}</Relationships>`),
    },
    { name: "xl/sharedStrings.xml", data: Buffer.from(strings) },
    { name: b.nameCase, data: cut(Buffer.from(sheet), b.cutAt) },
  ];
  return zip(parts);
}

describe("random workbooks", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "nc-fuzz-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("are read or refused with an upload error, in bounded time and memory", {
    timeout: 60_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(book, async (b) => {
        const bytes = build(b);
        const { ms, growth } = await measured(async () => {
          try {
            const table = await openTable(Readable.from([bytes]), {
              fileName: "fuzz.xlsx",
              maxBytes: 64 * 1024 * 1024,
              maxUnpackedBytes: 256 * 1024 * 1024,
              tmpDir: dir,
              maxSeconds: 30,
            });
            for await (const r of table.rows) {
              expect(r.length).toBeLessThanOrEqual(MAX_ROW_CELLS);
              expect(r.reduce((sum, c) => sum + c.length, 0)).toBeLessThanOrEqual(MAX_ROW_CHARS);
            }
          } catch (error) {
            if (!(error instanceof AppError) || !UPLOAD_REFUSALS.has(error.key)) throw error;
          }
        });
        expect(ms).toBeLessThan(TIME_BUDGET_MS);
        expect(growth).toBeLessThan(HEAP_BUDGET);
        expect(await readdir(dir)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});

function escapeXml(value: string): string {
  return value.replace(/[<>&]/g, (c) => (c === "<" ? "&lt;" : c === ">" ? "&gt;" : "&amp;"));
}

/** 0 -> "A", 16,383 -> "XFD". */
function columnName(index: number): string {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** The part cut off at a share of its length (a truncated download), or whole. */
function cut(data: Buffer, at: number | undefined): Buffer {
  return at === undefined ? data : data.subarray(0, Math.floor(data.length * at));
}
