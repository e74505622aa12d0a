import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { jobWorker } from "../src/features/job/worker";
import { DelimitedParser } from "../src/features/upload/delimited-parser";
import { expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

interface Upload {
  job: { id: string; total: number; duplicates: number; invalid: number };
  table: { header: boolean; column: number };
}

/** Our columns of a basic check's results file, in English. */
const OURS = "Row,Input,E.164,Status,Reason,Valid,Line type".split(",");

/** A downloaded CSV as rows of cells (BOM and quotes undone). */
function parseCsv(body: string): string[][] {
  const parser = new DelimitedParser(",");
  const out: string[][] = [];
  parser.push(body.replace(/^\uFEFF/, ""), out);
  parser.end(out);
  return out;
}

describe("results files give the customer's own columns back", { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  async function setup() {
    const f = await fundedTenant(t, 100_000_000n);
    const api = inTenant(t, f.owner, f.tenantId);
    const upload = (fileName: string, payload: Buffer | string, query = "") =>
      t.app.inject({
        method: "POST",
        url: `/api/tenant/job/upload?service=basic&fileName=${encodeURIComponent(fileName)}${query}`,
        payload,
        headers: { "content-type": "application/octet-stream", "x-tenant-id": f.tenantId },
        cookies: { sid: f.owner.sid },
      });
    const submitted = async (fileName: string, payload: Buffer | string, query = "") => {
      const read = expectOk<Upload>(await upload(fileName, payload, query));
      expectOk(await api("POST", `/api/tenant/job/s/${read.job.id}/submit`));
      await jobWorker(t.database.db, t.app.services, t.app.jobs.service, t.app.jobs.processor, {
        batch: 500,
        concurrency: 4,
        leaseSeconds: 60,
      }).drain();
      return read;
    };
    const csvOf = async (jobId: string, query = "") => {
      const res = await api("GET", `/api/tenant/job/s/${jobId}/download?format=csv${query}`);
      expect(res.statusCode).toBe(200);
      return parseCsv(res.body);
    };
    return { ...f, api, upload, submitted, csvOf };
  }

  const storedChunks = async (jobId: string) =>
    (
      await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from detection_item_columns where job_id = ${jobId}`,
      )
    )[0]!.n;

  it("CSV: the file's header and rows as they were (quotes, commas, formulas), our columns beside them", async () => {
    const { submitted, csvOf } = await setup();
    const csv = [
      "Name,E-mail,Phone,Note",
      '"Smith, Jane",jane@example.com,+447400100001,"said ""hi"", twice"',
      "Bob,bob@example.com,+447400100002",
      '王伟,,+447400100001,"dup, line"',
      "Ann,ann@example.com,12,=1+1",
      ",,+447400100003,",
      "Cy,cy@example.com,+447400100004,x,extra",
    ].join("\r\n");
    const read = await submitted("crm.csv", csv);
    expect(read.table).toMatchObject({ header: true, column: 2 });
    expect(read.job).toMatchObject({ total: 6, duplicates: 1, invalid: 1 });

    const rows = await csvOf(read.job.id);
    // The widest row has five cells: the header is padded with a blank name.
    expect(rows[0]!.slice(0, 5 + OURS.length)).toEqual(["Name", "E-mail", "Phone", "Note", "", ...OURS]);
    const theirs = rows.slice(1).map((r) => r.slice(0, 5));
    expect(theirs).toEqual([
      ["Smith, Jane", "jane@example.com", "+447400100001", 'said "hi", twice', ""],
      ["Bob", "bob@example.com", "+447400100002", "", ""],
      ["王伟", "", "+447400100001", "dup, line", ""],
      // A spreadsheet must not run a customer's formula either.
      ["Ann", "ann@example.com", "12", "'=1+1", ""],
      ["", "", "+447400100003", "", ""],
      ["Cy", "cy@example.com", "+447400100004", "x", "extra"],
    ]);
    // Ours follow, in the same rows: row number, input, status.
    expect(rows.slice(1).map((r) => [r[5], r[6], r[8]])).toEqual([
      ["1", "+447400100001", "done"],
      ["2", "+447400100002", "done"],
      ["3", "+447400100001", "rejected"],
      ["4", "12", "rejected"],
      ["5", "+447400100003", "done"],
      ["6", "+447400100004", "done"],
    ]);

    // The rejected rows come with their own cells too, for correcting them in the CRM.
    const rejected = await csvOf(read.job.id, "&rejected=true");
    expect(rejected).toEqual([
      ["Name", "E-mail", "Phone", "Note", "", "Row", "Input", "Reason"],
      ["王伟", "", "+447400100001", "dup, line", "", "3", "+447400100001", "Duplicate of an earlier row"],
      [
        "Ann",
        "ann@example.com",
        "12",
        "'=1+1",
        "",
        "4",
        "12",
        "No country code: add + and the country code, or choose a default country.",
      ],
    ]);
  });

  it("XLSX: the sheet's header and cells come back as they were, in the same order", async () => {
    const { submitted, api } = await setup();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Contacts");
    sheet.addRow(["Customer", "Mobile", "City, Country"]);
    sheet.addRow(["Ada Lovelace", "+447400100011", "London, UK"]);
    sheet.addRow(['O"Brien', "+447400100012", ""]);
    sheet.addRow(["", "+447400100013", "Porto, PT"]);
    const read = await submitted("contacts.xlsx", Buffer.from(await book.xlsx.writeBuffer()));
    expect(read.table).toMatchObject({ header: true, column: 1 });

    const res = await api("GET", `/api/tenant/job/s/${read.job.id}/download?format=xlsx`);
    expect(res.statusCode).toBe(200);
    const out = new ExcelJS.Workbook();
    await out.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const values = (out.worksheets[0]!.getSheetValues().slice(1) as (string | undefined)[][]).map((r) =>
      r.slice(1, 6),
    );
    expect(values).toEqual([
      ["Customer", "Mobile", "City, Country", "Row", "Input"],
      ["Ada Lovelace", "+447400100011", "London, UK", "1", "+447400100011"],
      ['O"Brien', "+447400100012", undefined, "2", "+447400100012"],
      [undefined, "+447400100013", "Porto, PT", "3", "+447400100013"],
    ]);
  });

  it("thousands of rows across several stored chunks, and a filtered download skipping most", async () => {
    const { submitted, csvOf } = await setup();
    const count = 12_000;
    const lines = ["id;name;number"];
    for (let i = 0; i < count; i++) lines.push(`${i};person ${i};+4474002${String(i).padStart(5, "0")}`);
    const read = await submitted("many.csv", lines.join("\n"));
    expect(await storedChunks(read.job.id)).toBeGreaterThanOrEqual(3);

    const rows = await csvOf(read.job.id);
    expect(rows).toHaveLength(count + 1);
    expect(rows[0]!.slice(0, 4)).toEqual(["id", "name", "number", "Row"]);
    for (const i of [0, 4_999, 5_000, 5_001, 11_999])
      expect(rows[i + 1]!.slice(0, 4)).toEqual([
        String(i),
        `person ${i}`,
        `+4474002${String(i).padStart(5, "0")}`,
        String(i + 1),
      ]);

    // Only the numbers starting +44740021: rows 10000..11999, read from the last chunks only.
    const some = await csvOf(read.job.id, "&q=%2B44740021");
    expect(some).toHaveLength(2_001);
    expect(some[1]!.slice(0, 2)).toEqual(["10000", "person 10000"]);
    expect(some.at(-1)!.slice(0, 2)).toEqual(["11999", "person 11999"]);
  });

  it("an organisation that turns it off keeps only the numbers", async () => {
    const { submitted, api, csvOf, tenantId } = await setup();
    const profile = expectOk<{ tenant: { keepFileColumns: boolean } }>(
      await api("GET", "/api/tenant/tenant_user/profile"),
    );
    expect(profile.tenant.keepFileColumns).toBe(true);
    expectOk(await api("POST", `/api/tenant/s/${tenantId}`, { name: "Acme", keepFileColumns: false }));
    expect(
      expectOk<{ tenant: { keepFileColumns: boolean } }>(await api("GET", "/api/tenant/tenant_user/profile"))
        .tenant.keepFileColumns,
    ).toBe(false);

    const read = await submitted("crm.csv", "Name,Phone\nJane Secret,+447400100021\n");
    expect(await storedChunks(read.job.id)).toBe(0);
    const job = await queryRows<{ file_columns: unknown }>(
      t.database.db,
      sql`select file_columns from detection_jobs where id = ${read.job.id}`,
    );
    expect(job[0]!.file_columns).toBeNull();
    const rows = await csvOf(read.job.id);
    expect(rows[0]!.slice(0, 2)).toEqual(["Row", "Input"]);
    expect(JSON.stringify(rows)).not.toContain("Jane Secret");
  });

  it("they go with the job: a discarded draft, a job past retention", async () => {
    const { upload, submitted, api } = await setup();
    const csv = "Name,Phone\nJane,+447400100031\nBob,+447400100032\n";
    const draft = expectOk<Upload>(await upload("crm.csv", csv));
    expect(await storedChunks(draft.job.id)).toBe(1);
    expectOk(await api("DELETE", `/api/tenant/job/s/${draft.job.id}`));
    expect(await storedChunks(draft.job.id)).toBe(0);

    const done = await submitted("crm.csv", csv);
    expect(await storedChunks(done.job.id)).toBe(1);
    const sweeper = jobWorker(t.database.db, t.app.services, t.app.jobs.service, t.app.jobs.processor, {
      batch: 10,
      concurrency: 1,
      leaseSeconds: 60,
      retention: { draftHours: 24, resultDays: 30 },
    });
    await sweeper.sweep(Date.now() + 31 * 24 * 3_600_000);
    expect(await storedChunks(done.job.id)).toBe(0);
    expect(
      await queryRows(t.database.db, sql`select 1 from detection_jobs where id = ${done.job.id}`),
    ).toEqual([]);
  });
});
