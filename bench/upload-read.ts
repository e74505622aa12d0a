/**
 * Rows per second of the upload reader (apps/server/src/features/upload) on 1,000,000 one-column
 * rows: CSV streamed in 64 KB chunks, and XLSX (phone numbers as shared strings, as Excel saves
 * typed-in numbers with a leading +; then as numbers). Run: npx tsx bench/upload-read.ts
 */
import { createReadStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import ExcelJS from "exceljs";
import { openTable } from "../apps/server/src/features/upload/open-table";

const ROWS = 1_000_000;
const limits = { maxBytes: 2 * 1024 ** 3, maxUnpackedBytes: 4 * 1024 ** 3 };
const phone = (i: number) => `+4479${String(11_000_000 + i).padStart(8, "0")}`;

async function time(label: string, size: number, open: () => Readable, fileName: string, dir: string) {
  const started = process.hrtime.bigint();
  const table = await openTable(open(), { fileName, ...limits, tmpDir: dir });
  let rows = 0;
  for await (const _ of table.rows) rows += 1;
  await table.close();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const perSecond = Math.round(rows / seconds).toLocaleString("en");
  console.log(
    `${label}: ${rows} rows, ${(size / 1024 ** 2).toFixed(1)} MB in ${seconds.toFixed(2)} s = ${perSecond} rows/s`,
  );
}

async function writeXlsx(path: string, asNumbers: boolean) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: !asNumbers });
  const sheet = workbook.addWorksheet("Numbers");
  for (let i = 0; i < ROWS; i++) sheet.addRow([asNumbers ? Number(phone(i).slice(1)) : phone(i)]).commit();
  sheet.commit();
  await workbook.commit();
}

async function main() {
  const dir = await mkdtemp(join(tmpdir(), "upload-bench-"));
  try {
    const csv = Buffer.from(Array.from({ length: ROWS }, (_, i) => `${phone(i)}\n`).join(""));
    const chunks = () => {
      const pieces: Buffer[] = [];
      for (let i = 0; i < csv.length; i += 64 * 1024) pieces.push(csv.subarray(i, i + 64 * 1024));
      return Readable.from(pieces);
    };
    await time("CSV (warm-up)", csv.length, chunks, "numbers.csv", dir);
    await time("CSV", csv.length, chunks, "numbers.csv", dir);

    for (const asNumbers of [false, true]) {
      const path = join(dir, `numbers-${asNumbers ? "n" : "s"}.xlsx`);
      await writeXlsx(path, asNumbers);
      const { size } = await stat(path);
      const label = asNumbers ? "XLSX (numbers)" : "XLSX (shared strings)";
      await time(label, size, () => createReadStream(path), "numbers.xlsx", dir);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
