import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import ExcelJS from "exceljs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../src/core/app-error";
import { type OpenedTable, openTable } from "../src/features/upload/open-table";
import { zip } from "./helpers/zip";

const MB = 1024 * 1024;
let tmpDir: string;

beforeEach(async () => {
  tmpDir = await mkdtemp(join(tmpdir(), "upload-table-test-"));
});
afterEach(async () => {
  await rm(tmpDir, { recursive: true, force: true });
});

interface OpenOptions {
  maxBytes?: number;
  maxUnpackedBytes?: number;
}

/** A source that hands out the given chunks (one chunk when given one buffer). */
function source(data: Buffer | Buffer[]): Readable {
  return Readable.from(Array.isArray(data) ? data : [data]);
}

function open(data: Buffer | Buffer[] | Readable, fileName: string, options: OpenOptions = {}) {
  return openTable(data instanceof Readable ? data : source(data), {
    fileName,
    maxBytes: options.maxBytes ?? 50 * MB,
    maxUnpackedBytes: options.maxUnpackedBytes ?? 100 * MB,
    tmpDir,
  });
}

async function readAll(table: OpenedTable): Promise<string[][]> {
  const rows: string[][] = [];
  try {
    for await (const row of table.rows) rows.push(row);
  } finally {
    await table.close();
  }
  return rows;
}

/** Open and read in one go: some failures surface at open, others while the rows stream. */
async function openAndRead(data: Buffer | Buffer[] | Readable, fileName: string, options?: OpenOptions) {
  return readAll(await open(data, fileName, options));
}

async function expectAppError(promise: Promise<unknown>, key: string, params?: Record<string, unknown>) {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).key).toBe(key);
  if (params) {
    expect((error as AppError).params).toEqual(params);
    expect((error as AppError).data).toEqual(params);
  }
}

/** Cuts a buffer into pieces of `size` bytes, splitting multi-byte characters on purpose. */
function chunked(data: Buffer, size: number): Buffer[] {
  const pieces: Buffer[] = [];
  for (let i = 0; i < data.length; i += size) pieces.push(data.subarray(i, i + size));
  return pieces;
}

const utf8 = (text: string) => Buffer.from(text, "utf8");
const utf16le = (text: string) => Buffer.from(text, "utf16le");
const utf16be = (text: string) => Buffer.from(text, "utf16le").swap16();
const BOM_UTF8 = Buffer.from([0xef, 0xbb, 0xbf]);
const BOM_LE = Buffer.from([0xff, 0xfe]);
const BOM_BE = Buffer.from([0xfe, 0xff]);

/** GB18030 (GBK range) encoder built from Node's decoder: Node's TextEncoder only writes UTF-8. */
function gb18030(text: string): Buffer {
  const table = new Map<string, number[]>();
  const decoder = new TextDecoder("gb18030");
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(Uint8Array.of(lead, trail));
      if (char.length === 1 && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x80) bytes.push(code);
    else {
      const pair = table.get(char);
      if (!pair) throw new Error(`no GBK code for ${char}`);
      bytes.push(...pair);
    }
  }
  return Buffer.from(bytes);
}

const MAIN_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const REL_NS = 'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
const REL_TYPE = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

/** A workbook whose tab order (second.xml first) differs from its file names. */
function handWrittenWorkbook(): Buffer {
  const workbook = `<?xml version="1.0" encoding="UTF-8"?><workbook ${MAIN_NS} ${REL_NS}><sheets>
    <sheet name="Main" sheetId="2" r:id="rId7"/><sheet name="Other" sheetId="1" r:id="rId1"/></sheets></workbook>`;
  const rels = `<?xml version="1.0" encoding="UTF-8"?>
    <Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
    <Relationship Id="rId1" Type="${REL_TYPE}/worksheet" Target="worksheets/sheet1.xml"/>
    <Relationship Id="rId7" Type="${REL_TYPE}/worksheet" Target="/xl/worksheets/second.xml"/>
    <Relationship Id="rId9" Type="${REL_TYPE}/sharedStrings" Target="strings.xml"/></Relationships>`;
  const strings = `<?xml version="1.0" encoding="UTF-8"?><sst ${MAIN_NS} count="3" uniqueCount="3">
    <si><t>Phone</t></si>
    <si><r><rPr><b/></rPr><t>+44 7911</t></r><r><t xml:space="preserve"> 123456</t></r><rPh><t>ignored</t></rPh></si>
    <si><t>a &amp; b</t></si></sst>`;
  const sheet = `<?xml version="1.0" encoding="UTF-8"?><x:worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main">
    <x:sheetData>
    <x:row r="1"><x:c r="A1" t="s"><x:v>0</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>Inline</x:t></x:is></x:c></x:row>
    <x:row r="2"><x:c r="A2" t="s"><x:v>1</x:v></x:c><x:c r="B2" t="b"><x:v>1</x:v></x:c><x:c r="D2" t="e"><x:v>#N/A</x:v></x:c></x:row>
    <x:row r="4"><x:c r="B4"><x:v>8613800138000</x:v></x:c><x:c r="C4" t="str"><x:f>A1</x:f><x:v>formula</x:v></x:c></x:row>
    <x:row r="5"><x:c r="A5" s="1"/><x:c r="B5" t="inlineStr"><x:is><x:r><x:t>rich</x:t></x:r><x:r><x:t> inline</x:t></x:r></x:is></x:c></x:row>
    <x:row r="6"><x:c r="A6" s="3"/></x:row>
    <x:row r="7"><x:c t="s"><x:v>2</x:v></x:c><x:c><x:v>4.41E+11</x:v></x:c></x:row>
    </x:sheetData></x:worksheet>`;
  return zip([
    { name: "[Content_Types].xml", data: utf8("<Types/>") },
    { name: "xl/workbook.xml", data: utf8(workbook) },
    { name: "xl/_rels/workbook.xml.rels", data: utf8(rels) },
    { name: "xl/strings.xml", data: utf8(strings) },
    { name: "xl/worksheets/sheet1.xml", data: utf8(sheetXml([["wrong sheet"]])) },
    { name: "xl/worksheets/second.xml", data: utf8(sheet) },
  ]);
}

/** A plain sheet of inline strings. */
function sheetXml(rows: string[][]): string {
  const body = rows
    .map(
      (row, r) =>
        `<row r="${r + 1}">${row.map((cell) => `<c t="inlineStr"><is><t>${cell}</t></is></c>`).join("")}</row>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?><worksheet ${MAIN_NS}><sheetData>${body}</sheetData></worksheet>`;
}

describe("openTable: text encodings", () => {
  const text = "手机号码,姓名\r\n+86 138 0013 8000,张三\r\n13900139000,李四\r\n";
  const expected = [
    ["手机号码", "姓名"],
    ["+86 138 0013 8000", "张三"],
    ["13900139000", "李四"],
  ];

  it.each([
    ["UTF-8", utf8(text), "utf-8"],
    ["UTF-8 with BOM", Buffer.concat([BOM_UTF8, utf8(text)]), "utf-8"],
    ["UTF-16LE with BOM", Buffer.concat([BOM_LE, utf16le(text)]), "utf-16le"],
    ["UTF-16BE with BOM", Buffer.concat([BOM_BE, utf16be(text)]), "utf-16be"],
    ["UTF-16LE without BOM", utf16le(text), "utf-16le"],
    ["GB18030", gb18030(text), "gb18030"],
  ])("reads %s", async (_label, bytes, encoding) => {
    const table = await open(bytes, "numbers.csv");
    expect(table).toMatchObject({ format: "csv", encoding, delimiter: "," });
    expect(await readAll(table)).toEqual(expected);
  });

  it("reads a Western Excel CSV (Windows-1252) with accented names", async () => {
    const bytes = Buffer.from(
      "nombre;teléfono\r\nJosé;+34 612 345 678\r\nJoão;+351 912 345 678\r\n",
      "latin1",
    );
    const table = await open(bytes, "contactos.csv");
    expect(table).toMatchObject({ format: "csv", encoding: "windows-1252", delimiter: ";" });
    expect(await readAll(table)).toEqual([
      ["nombre", "teléfono"],
      ["José", "+34 612 345 678"],
      ["João", "+351 912 345 678"],
    ]);
  });

  it("streams: chunks that split multi-byte characters (UTF-8 and UTF-16) decode the same", async () => {
    const many = `号码\n${Array.from({ length: 3000 }, (_, i) => `+44 7911 ${String(i).padStart(6, "0")} 📞`).join("\n")}\n`;
    const rows = await openAndRead(chunked(utf8(many), 7), "list.txt");
    expect(rows).toHaveLength(3001);
    expect(rows[0]).toEqual(["号码"]);
    expect(rows[3000]).toEqual(["+44 7911 002999 📞"]);
    const wide = await openAndRead(chunked(Buffer.concat([BOM_LE, utf16le(many)]), 5), "list.txt");
    expect(wide).toEqual(rows);
  });

  it("keeps UTF-8 when a character straddles the 64 KB sample boundary", async () => {
    const filler = `${"1".repeat(65_535 - 1)}\n`; // the next line's "手" starts at byte 65535
    const bytes = utf8(`${filler}手机\n+447911123456\n`);
    expect(bytes[65_535]).toBe(0xe6);
    const table = await open(chunked(bytes, 4096), "a.csv");
    expect(table.encoding).toBe("utf-8");
    const rows = await readAll(table);
    expect(rows.slice(1)).toEqual([["手机"], ["+447911123456"]]);
  });

  it("reports the row where UTF-8 breaks after a valid first 64 KB", async () => {
    const line = "+447911123456\n"; // 14 bytes
    const valid = utf8(line.repeat(5000)); // 70,000 bytes, rows 1-5000
    // 0xC0 0x41 is never UTF-8, but is a valid GB18030 character: guessing from more than the
    // first 64 KB would switch to GB18030 and read this line as garbage without complaint.
    const broken = Buffer.concat([valid, Buffer.from([0x41, 0xc0, 0x41, 0x0a]), utf8(line.repeat(10))]);
    for (const bytes of [chunked(broken, 16 * 1024), [broken]]) {
      const table = await open(bytes, "a.csv");
      expect(table.encoding).toBe("utf-8");
      await expectAppError(readAll(table), "fileEncodingBroken", { row: 5001 });
    }
  });

  it("reports a character cut off at the end of the file", async () => {
    const bytes = Buffer.concat([utf8("+447911123456\n+447911123457\n手"), Buffer.from([0xe6, 0x9c])]);
    await expectAppError(openAndRead(bytes, "a.csv"), "fileEncodingBroken", { row: 3 });
  });
});

describe("openTable: delimiters and quoting", () => {
  it.each([
    [";", "Name;Phone;Amount\nAnn;+44 7911 123456;1,50\nBob;+44 7911 123457;2,75\n"],
    ["\t", "Name\tPhone\nAnn\t+44 7911 123456\nBob\t+44 7911 123457\n"],
    ["|", "Name|Phone\nAnn|+44 7911 123456\nBob|+44 7911 123457\n"],
    [",", "Name,Phone\nAnn,+44 7911 123456\nBob,+44 7911 123457\n"],
  ])("detects %j", async (delimiter, text) => {
    const table = await open(utf8(text), "list.csv");
    expect(table.delimiter).toBe(delimiter);
    const rows = await readAll(table);
    expect(rows).toHaveLength(3);
    expect(rows[1]!.slice(0, 2)).toEqual(["Ann", "+44 7911 123456"]);
    if (delimiter === ";") expect(rows[2]![2]).toBe("2,75");
  });

  it("does not split bare numbers on spaces or brackets: one column", async () => {
    const table = await open(utf8("+44 7911 123456\n(020) 7946-0018\n+1 (201) 555-0123\n"), "numbers.txt");
    expect(table).toMatchObject({ format: "txt", delimiter: null });
    expect(await readAll(table)).toEqual([["+44 7911 123456"], ["(020) 7946-0018"], ["+1 (201) 555-0123"]]);
  });

  it("reads RFC 4180 quoting, CRLF, CR, blank lines and trims cells", async () => {
    const text =
      'name,phone,note\r\n"Smith, ""JJ""",  +44 7911 123456 ,"two\r\nlines"\r\n\r\n  ,  ,  \r\n' +
      '"Ann",+44 7911 123457, 5" screen\rBob,"+44 7911 123458",\r"unclosed,quote';
    const rows = await openAndRead(chunked(utf8(text), 3), "q.csv");
    expect(rows).toEqual([
      ["name", "phone", "note"],
      ['Smith, "JJ"', "+44 7911 123456", "two\r\nlines"],
      ["Ann", "+44 7911 123457", '5" screen'],
      ["Bob", "+44 7911 123458", ""],
      ["unclosed,quote"],
    ]);
  });

  it("reads a tab-separated TXT with quoted tabs, fed one byte at a time", async () => {
    const text = 'a\tb\n"x\ty"\t"say ""hi"""\n';
    const table = await open(chunked(utf8(text), 1), "t.TXT");
    expect(table).toMatchObject({ format: "txt", delimiter: "\t" });
    expect(await readAll(table)).toEqual([
      ["a", "b"],
      ["x\ty", 'say "hi"'],
    ]);
  });
});

describe("openTable: broken and hostile text", () => {
  it("caps an unclosed quote that swallows the rest of the file", async () => {
    const text = `phone\n"+447911123456\n${"x".repeat(2 * MB)}\n+447911123457\n`;
    const rows = await openAndRead(utf8(text), "a.csv");
    expect(rows).toHaveLength(2);
    expect(rows[1]![0]).toHaveLength(32_767);
    expect(rows[1]![0]!.startsWith("+447911123456\n")).toBe(true);
  });

  it("crosses long runs of quotes in linear time", async () => {
    const started = Date.now();
    const unquoted = `a${'"'.repeat(MB)}\n`;
    const quoted = `"${'""'.repeat(MB)}"\n`;
    const rows = await openAndRead(chunked(utf8(unquoted + quoted), 64 * 1024), "q.csv");
    expect(rows.map((row) => row[0]!.length)).toEqual([32_767, 32_767]);
    expect(rows[1]![0]).toBe('"'.repeat(32_767));
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("close() ends a read that waits on the upload", async () => {
    const src = new PassThrough();
    src.write(utf8("+447911123456\n".repeat(6000))); // more than the 64 KB sample, then silence
    const table = await open(src, "slow.csv");
    const rows = table.rows[Symbol.asyncIterator]();
    for (let i = 0; i < 6000; i++) expect((await rows.next()).value).toEqual(["+447911123456"]);
    const waiting = rows.next().then(
      (result) => result,
      (err: unknown) => err,
    );
    const hung = new Promise((_, reject) => setTimeout(() => reject(new Error("close() hung")), 2_000));
    await Promise.race([table.close(), hung]);
    await Promise.race([waiting, hung]);
    expect(src.destroyed).toBe(true);
  });
});

describe("openTable: refusals", () => {
  it("refuses other extensions and destroys the source", async () => {
    const src = source(utf8("%PDF-1.7"));
    await expectAppError(open(src, "scan.pdf"), "fileTypeUnsupported");
    expect(src.destroyed).toBe(true);
  });

  it("refuses an empty file at open", async () => {
    await expectAppError(open(Buffer.alloc(0), "empty.csv"), "fileEmpty");
    await expectAppError(open([], "empty.xlsx"), "fileEmpty");
  });

  it("refuses a file with only blank lines when read", async () => {
    await expectAppError(openAndRead(utf8("\n  \r\n ,, \n"), "blank.csv"), "fileEmpty");
  });

  it.each([
    ["a PNG named .csv", Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), "photo.csv", "CSV"],
    ["a zip named .csv", zip([{ name: "a.txt", data: utf8("hi") }]), "C:\\Users\\me\\book.csv", "CSV"],
    ["a PDF named .txt", utf8("%PDF-1.4\n%âãÏÓ\n"), "doc.txt", "TXT"],
    ["binary with NULs named .txt", Buffer.from([1, 0, 0, 7, 200, 0, 3, 0, 0, 0, 9, 9]), "x.txt", "TXT"],
    ["CSV text named .xlsx", utf8("phone\n+447911123456\n"), "book.xlsx", "XLSX"],
  ])("refuses %s", async (_label, bytes, fileName, expected) => {
    const name = fileName.split("\\").pop();
    await expectAppError(open(bytes, fileName), "fileTypeMismatch", { name, expected });
  });

  it("stops a text upload at maxBytes and destroys the source", async () => {
    const src = source(chunked(utf8("+447911123456\n".repeat(20_000)), 16 * 1024)); // 280 KB
    await expectAppError(openAndRead(src, "big.csv", { maxBytes: 200 * 1024 }), "fileTooLarge", {
      max: "200 KB",
    });
    expect(src.destroyed).toBe(true);
  });

  it("stops an XLSX upload at maxBytes while spooling and leaves no temp file", async () => {
    const bytes = Buffer.concat([zip([{ name: "a", data: utf8("x") }]), Buffer.alloc(3 * MB, 1)]);
    const src = source(chunked(bytes, 64 * 1024));
    await expectAppError(open(src, "big.xlsx", { maxBytes: 2 * MB }), "fileTooLarge", { max: "2 MB" });
    expect(src.destroyed).toBe(true);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("closes early: the source is destroyed even before iteration", async () => {
    const src = source(chunked(utf8("+447911123456\n".repeat(20_000)), 1024));
    const table = await open(src, "a.csv");
    await table.close();
    await table.close();
    expect(src.destroyed).toBe(true);
  });

  it("stops after a break and refuses to be read twice", async () => {
    const src = source(chunked(utf8("+447911123456\n".repeat(20_000)), 1024));
    const table = await open(src, "a.csv");
    for await (const row of table.rows) {
      expect(row).toEqual(["+447911123456"]);
      break;
    }
    expect(src.destroyed).toBe(true);
    expect(() => table.rows[Symbol.asyncIterator]()).toThrow(/once/);
    await table.close();
  });
});

describe("openTable: XLSX", () => {
  it("reads the first sheet of an exceljs workbook: shared strings, numbers, gap columns", async () => {
    const workbook = new ExcelJS.Workbook();
    const first = workbook.addWorksheet("Numbers");
    first.getCell("A1").value = "Phone";
    first.getCell("C1").value = "Name";
    first.getCell("A2").value = "+44 7911 123456";
    first.getCell("C2").value = "Ann";
    first.getCell("A3").value = 8613800138000;
    first.getCell("B3").value = "Phone"; // shared with A1
    first.getCell("C5").value = true;
    workbook.addWorksheet("Second").getCell("A1").value = "not this one";
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());

    const table = await open(chunked(bytes, 1000), "book.XLSX");
    expect(table).toMatchObject({ format: "xlsx", encoding: "xlsx", delimiter: null });
    expect(await readAll(table)).toEqual([
      ["Phone", "", "Name"],
      ["+44 7911 123456", "", "Ann"],
      ["8613800138000", "Phone"],
      ["", "", "TRUE"],
    ]);
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("follows the workbook's tab order and reads rich text, inline strings, prefixes and types", async () => {
    const rows = await openAndRead(handWrittenWorkbook(), "hand.xlsx");
    expect(rows).toEqual([
      ["Phone", "", "Inline"],
      ["+44 7911 123456", "TRUE", "", "#N/A"],
      ["", "8613800138000", "formula"],
      ["", "rich inline"],
      ["a & b", "4.41E+11"],
    ]);
  });

  it("falls back to xl/worksheets/sheet1.xml without workbook links", async () => {
    const bytes = zip([{ name: "xl/worksheets/sheet1.xml", data: utf8(sheetXml([["+447911123456"]])) }]);
    expect(await openAndRead(bytes, "bare.xlsx")).toEqual([["+447911123456"]]);
  });

  it("refuses a workbook whose first sheet has no rows when read", async () => {
    const bytes = zip([{ name: "xl/worksheets/sheet1.xml", data: utf8(sheetXml([[" ", ""]])) }]);
    await expectAppError(openAndRead(bytes, "empty.xlsx"), "fileEmpty");
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("deletes the temp file when closed early or never read", async () => {
    const bytes = zip([
      { name: "xl/worksheets/sheet1.xml", data: utf8(sheetXml(Array.from({ length: 5000 }, () => ["1"]))) },
    ]);
    const early = await open(bytes, "a.xlsx");
    expect(await readdir(tmpDir)).toHaveLength(1);
    for await (const _ of early.rows) break;
    await early.close();
    expect(await readdir(tmpDir)).toEqual([]);

    const unread = await open(bytes, "a.xlsx");
    await unread.close();
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it.each([
    ["a truncated zip", zip([{ name: "xl/worksheets/sheet1.xml", data: utf8("<a/>") }]).subarray(0, 60)],
    ["a zip without a worksheet", zip([{ name: "xl/workbook.xml", data: utf8(`<workbook ${MAIN_NS}/>`) }])],
    ["a sheet that is not XML", zip([{ name: "xl/worksheets/sheet1.xml", data: utf8("<row><c>") }])],
    [
      "a shared string index out of range",
      zip([
        {
          name: "xl/worksheets/sheet1.xml",
          data: utf8(`<worksheet><sheetData><row><c t="s"><v>5</v></c></row></sheetData></worksheet>`),
        },
      ]),
    ],
  ])("refuses %s as corrupt", async (_label, bytes) => {
    await expectAppError(openAndRead(bytes, "bad.xlsx"), "fileCorrupt");
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("refuses a zip bomb by its declared size before inflating", async () => {
    const bytes = zip([{ name: "xl/worksheets/sheet1.xml", data: Buffer.alloc(50 * MB) }]);
    expect(bytes.length).toBeLessThan(MB);
    await expectAppError(open(bytes, "bomb.xlsx", { maxUnpackedBytes: 10 * MB }), "fileExpandsTooMuch", {
      max: "10 MB",
    });
    expect(await readdir(tmpDir)).toEqual([]);
  });

  it("refuses a zip that lies about its size in both headers, without reading it to the end", async () => {
    const row = '<row><c t="inlineStr"><is><t>+447911123456</t></is></c></row>';
    const rowCount = Math.ceil((50 * MB) / row.length);
    const sheet = utf8(`<worksheet><sheetData>${row.repeat(rowCount)}</sheetData></worksheet>`);
    const bytes = zip([{ name: "xl/worksheets/sheet1.xml", data: sheet, declaredSize: 1000 }]);
    // The declared 1000 bytes pass the 100 MB limit, and so would the real 50 MB.
    const table = await open(bytes, "liar.xlsx", { maxUnpackedBytes: 100 * MB });
    let seen = 0;
    const reading = (async () => {
      for await (const _ of table.rows) seen += 1;
    })();
    await expectAppError(reading, "fileExpandsTooMuch");
    expect(seen).toBeLessThan(1000);
    expect(await readdir(tmpDir)).toEqual([]);
    await table.close();
  });
});
