import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough, Readable } from "node:stream";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/query";
import { jobRepo } from "../../src/features/job/job-repo";
import { JUNK_REFUSE_AFTER, JUNK_STORED } from "../../src/features/job/job-service";
import { openTable } from "../../src/features/upload/open-table";
import { removeOrphanUploads, uploadTempPath } from "../../src/features/upload/temp-files";
import { expectOk } from "../helpers/accounts";
import { fundedTenant } from "../helpers/billing";
import { expectCode } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";
import { measured, uploadFile, waitFor } from "../helpers/uploads";
import { hugePart, type ZipPart, zip } from "../helpers/zip";

/**
 * Hostile uploads: a workbook of a megabyte that unpacks to a gigabyte of text between tags (or
 * inside a value, or in the string table) must be read in bounded memory and leave no temp file;
 * junk files are refused as they stream; uploads are capped per process and per organisation.
 * docs/security.md describes the promise.
 */

const MAIN_NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
const GIGABYTE = 1_000_000_000;
/**
 * Peak heap growth allowed while reading one crafted sheet. The figure counts garbage not yet
 * collected, so it is V8's collection cadence (measured 37-66 MB whatever the input's size) plus
 * what the reader keeps; well under the 256 MB to 1 GB a reader that kept its input would need.
 */
const HEAP_BUDGET = 96 * 1024 * 1024;

const row = (r: number, cell: string) =>
  `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>${cell}</t></is></c></row>`;
const sheetHead = `<?xml version="1.0" encoding="UTF-8"?><worksheet ${MAIN_NS}><sheetData>${row(1, "+44 7911 123456")}`;
const sheetTail = `${row(3, "+44 7911 123457")}</sheetData></worksheet>`;

/** A workbook whose only sheet is `sheet` (no workbook links: the reader falls back to sheet1). */
function workbook(sheet: ZipPart, extra: ZipPart[] = []): Buffer {
  return zip([
    { name: "[Content_Types].xml", data: Buffer.from("<Types/>") },
    { ...sheet, name: "xl/worksheets/sheet1.xml" },
    ...extra,
  ]);
}

/**
 * Reads every row, sampling the heap as it goes; answers the rows, the peak growth and the temp
 * files there were when the first row arrived.
 */
async function readMeasured(bytes: Buffer, tmpDir: string) {
  let tempFilesWhileReading: string[] = [];
  const { result: rows, growth } = await measured(async (sample) => {
    const table = await openTable(Readable.from([bytes]), {
      fileName: "hostile.xlsx",
      maxBytes: 200 * 1024 * 1024,
      maxUnpackedBytes: 2 * 1024 * 1024 * 1024,
      tmpDir,
    });
    const read: string[][] = [];
    for await (const r of table.rows) {
      if (read.length === 0) tempFilesWhileReading = await readdir(tmpDir);
      read.push(r);
      sample();
    }
    return read;
  });
  return { rows, growth, tempFilesWhileReading };
}

describe("a crafted workbook is read in bounded memory", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "nc-bounds-"));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("a gigabyte of whitespace between tags (a megabyte zipped)", { timeout: 120_000 }, async () => {
    const book = workbook(
      await hugePart("sheet", `${sheetHead}<row r="2">`, " ", GIGABYTE, `</row>${sheetTail}`),
    );
    expect(book.length).toBeLessThan(2 * 1024 * 1024);
    const { rows, growth } = await readMeasured(book, dir);
    expect(rows).toEqual([["+44 7911 123456"], ["+44 7911 123457"]]);
    expect(growth).toBeLessThan(HEAP_BUDGET);
    expect(await readdir(dir)).toEqual([]);
  });

  it("a value of 256 MB of text is capped at a cell's length", { timeout: 120_000 }, async () => {
    const book = workbook(
      await hugePart(
        "sheet",
        `${sheetHead}<row r="2"><c r="A2"><v>`,
        "7",
        256 * 1024 * 1024,
        `</v></c></row>${sheetTail}`,
      ),
    );
    const { rows, growth } = await readMeasured(book, dir);
    expect(rows).toHaveLength(3);
    expect(rows[1]![0]).toHaveLength(32_767);
    expect(growth).toBeLessThan(HEAP_BUDGET);
  });

  it("a string table of 64 MB spills to disk and is removed afterwards", { timeout: 120_000 }, async () => {
    const element = "<si><t>+86 139 0013 9000</t></si>";
    const count = 2 * 1024 * 1024;
    const strings = await hugePart(
      "strings",
      `<?xml version="1.0"?><sst ${MAIN_NS}><si><t>+86 138 0013 8000</t></si>`,
      element,
      count * element.length,
      "<si><t>last</t></si></sst>",
    );
    const cells = [0, count + 1, 1_500_000].map(
      (index, r) => `<row r="${r + 1}"><c r="A${r + 1}" t="s"><v>${index}</v></c></row>`,
    );
    const sheet = `<?xml version="1.0"?><worksheet ${MAIN_NS}><sheetData>${cells.join("")}</sheetData></worksheet>`;
    const book = workbook({ name: "sheet", data: Buffer.from(sheet) }, [
      { ...strings, name: "xl/sharedStrings.xml" },
    ]);
    const { rows, growth, tempFilesWhileReading } = await readMeasured(book, dir);
    expect(rows).toEqual([["+86 138 0013 8000"], ["last"], ["+86 139 0013 9000"]]);
    expect(growth).toBeLessThan(HEAP_BUDGET);
    expect(tempFilesWhileReading.some((name) => name.includes("strings"))).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });

  it("a failure mid-read removes every temp file", async () => {
    const broken = `<?xml version="1.0"?><sst ${MAIN_NS}>${"<si><t>x</t></si>".repeat(600_000)}<si><t>&bogus;</t></si></sst>`;
    const book = workbook({ name: "sheet", data: Buffer.from(`${sheetHead}${sheetTail}`) }, [
      { name: "xl/sharedStrings.xml", data: Buffer.from(broken) },
    ]);
    await expect(readMeasured(book, dir)).rejects.toMatchObject({ key: "fileCorrupt" });
    expect(await readdir(dir)).toEqual([]);
  });
});

describe("temp files left by a stopped process", () => {
  it("are removed at start; a live process's are kept", async () => {
    const dir = await mkdtemp(join(tmpdir(), "nc-orphans-"));
    try {
      const mine = uploadTempPath(dir, "book.xlsx");
      // A pid far above any the kernel hands out (pid_max is at most 4,194,304).
      const dead = join(dir, "nc-upload-9999999-0d3c-book.xlsx");
      const oldName = join(dir, "nc-upload-5b1e2f7a-8f0e-4a51-9f43-1f2b3c4d5e6f.xlsx");
      const other = join(dir, "unrelated.txt");
      await Promise.all([mine, dead, oldName, other].map((path) => writeFile(path, "x")));
      expect(await removeOrphanUploads(dir)).toBe(2);
      expect((await readdir(dir)).sort()).toEqual([mine.split("/").pop(), "unrelated.txt"].sort());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("upload routes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_CONCURRENT: "3", UPLOAD_MAX_CONCURRENT_PER_TENANT: "2" });
  });
  afterAll(() => t.close());

  const upload = (tenantId: string, sid: string, payload: Buffer | string | PassThrough) =>
    uploadFile(t, tenantId, sid, payload);

  it("caps uploads read at once per organisation and per process (429 uploadsBusy)", async () => {
    const a = await fundedTenant(t);
    const b = await fundedTenant(t);
    // Uploads that stay open until the test ends them: each holds its slot meanwhile.
    const streams = Array.from({ length: 4 }, () => new PassThrough());
    for (const s of streams) s.write("+44 7911 123456\n");
    const held = [upload(a.tenantId, a.owner.sid, streams[0]!), upload(a.tenantId, a.owner.sid, streams[1]!)];
    await waitFor(() => t.app.services.uploads.active === 2);
    // A third of the same organisation is refused; another organisation still has room.
    expectCode(await upload(a.tenantId, a.owner.sid, "+44 7911 123456\n"), 429, 42901);
    held.push(upload(b.tenantId, b.owner.sid, streams[2]!));
    await waitFor(() => t.app.services.uploads.active === 3);
    // The process is full: the other organisation's second upload waits its turn too.
    expectCode(await upload(b.tenantId, b.owner.sid, "+44 7911 123456\n"), 429, 42901);
    for (const s of streams) s.end();
    for (const response of await Promise.all(held)) expect(response.statusCode).toBe(200);
    expect(t.app.services.uploads.active).toBe(0);
    // Slots are given back: the organisation uploads again.
    expect((await upload(a.tenantId, a.owner.sid, "+44 7911 123456\n")).statusCode).toBe(200);
  });

  it("refuses a file of junk as it streams and keeps nothing of it", async () => {
    const f = await fundedTenant(t);
    const junk = "no number here\n".repeat(JUNK_REFUSE_AFTER * 3);
    const res = await upload(f.tenantId, f.owner.sid, junk);
    expectCode(res, 400, 40057);
    expect(res.json().data).toMatchObject({ rows: JUNK_REFUSE_AFTER + 1, junk: JUNK_REFUSE_AFTER + 1 });
    const [jobs] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from detection_jobs where tenant_id = ${f.tenantId}`,
    );
    expect(jobs!.n).toBe(0);
  });

  it("keeps a sample of junk rows and counts the rest when the file is mostly numbers", async () => {
    const f = await fundedTenant(t);
    const numbers = Array.from({ length: 20_000 }, (_, i) => `+4474001${String(i).padStart(5, "0")}`);
    const junkRows = JUNK_STORED + 2_000;
    const file = `${numbers.join("\n")}\n${"n/a\n".repeat(junkRows)}`;
    const draft = expectOk<{ job: { id: string; invalid: number; total: number } }>(
      await upload(f.tenantId, f.owner.sid, file),
    ).job;
    expect(draft.total).toBe(20_000 + junkRows);
    expect(draft.invalid).toBe(junkRows);
    // Rows and chunks of items alike (item-chunks.ts).
    const stored = await jobRepo(t.database.db).statusCounts(f.tenantId, draft.id);
    expect(stored.find((c) => c.value === "rejected")?.n).toBe(JUNK_STORED);
  });
});
