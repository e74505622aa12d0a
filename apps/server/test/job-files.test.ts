import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { jobWorker } from "../src/features/job/worker";
import { expectError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** Default standard price of the basic check (band 0), in micros. */
const PRICE = 1_000n;

interface Draft {
  id: string;
  status: string;
  total: number;
  chargeable: number;
  duplicates: number;
  invalid: number;
  fileName: string | null;
  estimate: { unitPriceMicros: string; totalMicros: string; currency: string };
  balanceMicros: string;
  balanceAfterMicros: string;
  enoughBalance: boolean;
}
interface Upload {
  job: Draft;
  table: { format: string; encoding: string; header: boolean; column: number; columns: { name: string }[] };
}
interface Summary {
  status: { value: string; n: number }[];
  outcome: { value: string | null; n: number }[];
  lineType: { value: string | null; n: number }[];
  country: { value: string | null; n: number }[];
  rejectReason: { value: string | null; n: number }[];
}

const ukMobiles = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => `+4474001${String(from + i).padStart(5, "0")}`);

describe("bulk jobs from files and drafts", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_BYTES: "200000", JOB_MAX_CONCURRENT: "3" });
  });
  afterAll(() => t.close());

  async function setup() {
    const f = await fundedTenant(t, 1_000_000n);
    const api = inTenant(t, f.owner, f.tenantId);
    const upload = (fileName: string, payload: Buffer | string, query = "", service = "basic") =>
      t.app.inject({
        method: "POST",
        url: `/api/tenant/job/upload?service=${service}&fileName=${encodeURIComponent(fileName)}${query}`,
        payload,
        headers: { "content-type": "application/octet-stream", "x-tenant-id": f.tenantId },
        cookies: { sid: f.owner.sid },
      });
    return { ...f, api, upload };
  }

  const drain = () =>
    jobWorker(t.database.db, t.app.services, t.app.jobs.service, t.app.jobs.processor, {
      batch: 100,
      concurrency: 4,
      leaseSeconds: 60,
    }).drain();

  it("a pasted list as a draft: summary first (nothing reserved), then submit, results, downloads", async () => {
    const { api, billing, tenantId } = await setup();
    const numbers = [...ukMobiles(5), "+447400100000", "12", '=HYPERLINK("http://x")', "+44 7400 100001"];
    const draft = expectOk<Draft>(
      await api("POST", "/api/tenant/job", { service: "basic", numbers, draft: true }),
    );
    expect(draft).toMatchObject({ status: "draft", total: 9, duplicates: 2, invalid: 2, chargeable: 5 });
    expect(draft.estimate.totalMicros).toBe((5n * PRICE).toString());
    expect(draft.balanceAfterMicros).toBe((1_000_000n - 5n * PRICE).toString());
    expect(draft.enoughBalance).toBe(true);
    expect((await billing.balance(tenantId)).balanceMicros).toBe(1_000_000n);

    // Not history yet, and no worker touches it.
    const before = expectOk<{ items: { id: string }[] }>(await api("GET", "/api/tenant/detection/history"));
    expect(before.items.map((j) => j.id)).not.toContain(draft.id);
    expect(await drain()).toBe(0);

    // Answers made while reading stay hidden until the draft is paid for.
    const hidden = expectOk<{ items: { result: unknown }[] }>(
      await api("GET", `/api/tenant/job/s/${draft.id}/items`),
    );
    expect(hidden.items.every((i) => i.result === null)).toBe(true);
    expectError(await api("GET", `/api/tenant/job/s/${draft.id}/download?format=csv`), 409, 40905);
    expect(expectOk<Summary>(await api("GET", `/api/tenant/job/s/${draft.id}/summary`)).country).toEqual([]);

    // The basic check was made while reading: submitting charges it and completes the job.
    const submitted = expectOk<{ status: string }>(await api("POST", `/api/tenant/job/s/${draft.id}/submit`));
    expect(submitted.status).toBe("completed");
    expectError(await api("POST", `/api/tenant/job/s/${draft.id}/submit`), 409, 40904);
    expect(await drain()).toBe(0);

    const done = expectOk<{ status: string; chargedMicros: string }>(
      await api("GET", `/api/tenant/job/s/${draft.id}`),
    );
    expect(done).toMatchObject({ status: "completed", chargedMicros: (5n * PRICE).toString() });
    expect((await billing.verify(tenantId)).balanceMicros).toBe(1_000_000n - 5n * PRICE);

    const summary = expectOk<Summary>(await api("GET", `/api/tenant/job/s/${draft.id}/summary`));
    expect(summary.status).toEqual(
      expect.arrayContaining([
        { value: "done", n: 5 },
        { value: "rejected", n: 4 },
      ]),
    );
    expect(summary.country).toEqual([{ value: "GB", n: 5 }]);
    expect(summary.lineType).toEqual([{ value: "mobile", n: 5 }]);
    expect(summary.outcome).toEqual([{ value: "valid", n: 5 }]);
    expect(summary.rejectReason.find((r) => r.value === "duplicate")?.n).toBe(2);

    const filtered = expectOk<{ items: { e164: string }[] }>(
      await api("GET", `/api/tenant/job/s/${draft.id}/items?status=done&country=GB&q=%2B447400100003`),
    );
    expect(filtered.items.map((i) => i.e164)).toEqual(["+447400100003"]);
    const none = expectOk<{ items: unknown[] }>(
      await api("GET", `/api/tenant/job/s/${draft.id}/items?country=FR`),
    );
    expect(none.items).toEqual([]);

    // CSV: BOM, the service's columns, numbers as text; the typed formula comes out neutralised.
    const csv = await api("GET", `/api/tenant/job/s/${draft.id}/download?format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.startsWith("\uFEFFRow,Input,E.164,Status")).toBe(true);
    expect(csv.body.split("\r\n").filter(Boolean)).toHaveLength(10);
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(csv.body).not.toMatch(/(^|,)"?=HYPERLINK/m);
    // Phone numbers keep their "+" (a number cannot run): inputs, E.164 and formatted alike.
    expect(csv.body).toMatch(/(^|,)\+447400100000,\+447400100000,done,,yes,mobile,GB,44,\+44 7400 100000,/m);
    expect(csv.body).not.toContain("'+44");
    // In the reader's language (the page's x-locale): the header line and the reasons; every other
    // cell stays a code.
    const zh = await api("GET", `/api/tenant/job/s/${draft.id}/download?format=csv`, undefined, {
      "x-locale": "zh-Hans",
    });
    expect(zh.body.split("\r\n")[0]).toBe(
      "\uFEFF行号,输入,E.164,状态,原因,有效,号码类型,国家/地区,国际区号,国际格式,国内格式,原始运营商,地区,时区,费用",
    );
    expect(csv.body).toContain(",rejected,Duplicate of an earlier row,");
    expect(zh.body).toContain(",rejected,与前面的行重复,");
    const withoutReasons = (body: string) =>
      body
        .split("\r\n")
        .slice(1)
        .map((line) => line.replace(/,(done|rejected|failed|cancelled),("(?:[^"]|"")*"|[^,]*),/, ",$1,,"));
    expect(withoutReasons(zh.body)).toEqual(withoutReasons(csv.body));
    const onlyGb = await api("GET", `/api/tenant/job/s/${draft.id}/download?format=csv&status=done`);
    expect(onlyGb.body.split("\r\n").filter(Boolean)).toHaveLength(6);

    // XLSX: every cell typed as text, the formula neutralised too.
    const xlsx = await api("GET", `/api/tenant/job/s/${draft.id}/download?format=xlsx&rejected=true`);
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = sheet.getSheetValues().slice(1) as (string | undefined)[][];
    expect(values[0]).toEqual([undefined, "Row", "Input", "Reason"]);
    // The reason in the reader's language (docs/api.md, "Jobs (scopes `jobs:write`, `jobs:read`)"), not its code.
    expect(values.slice(1).map((r) => r[3])).toEqual([
      "Duplicate of an earlier row",
      "No country code: add + and the country code, or choose a default country.",
      "This is not a phone number.",
      "Duplicate of an earlier row",
    ]);
    const formulaRow = values.find((r) => String(r[2]).includes("HYPERLINK"))!;
    expect(formulaRow[2]).toBe(`'=HYPERLINK("http://x")`);
    sheet.eachRow((row) => row.eachCell((cell) => expect(cell.type).toBe(ExcelJS.ValueType.String)));
  });

  it("a discarded draft is gone; another tenant's job is not found", async () => {
    const a = await setup();
    const b = await setup();
    const draft = expectOk<Draft>(
      await a.api("POST", "/api/tenant/job", { service: "basic", numbers: ukMobiles(3), draft: true }),
    );
    expectError(await b.api("GET", `/api/tenant/job/s/${draft.id}`), 404, 40400);
    expectError(await b.api("POST", `/api/tenant/job/s/${draft.id}/submit`), 404, 40400);
    expectError(await b.api("GET", `/api/tenant/job/s/${draft.id}/download?format=csv`), 404, 40400);
    expectOk(await a.api("DELETE", `/api/tenant/job/s/${draft.id}`));
    expectError(await a.api("GET", `/api/tenant/job/s/${draft.id}`), 404, 40400);
  });

  it("a CSV upload picks the phone column under its header; another column can be chosen", async () => {
    const { upload, api } = await setup();
    const csv = `name;email;mobile\r\nAda;ada@example.com;07400 100001\r\nBob;bob@example.com;07400 100002\r\nCy;cy@example.com;07400 100001\r\n`;
    const read = expectOk<Upload>(await upload("contacts.csv", csv, "&defaultCountry=GB"));
    expect(read.table).toMatchObject({ format: "csv", encoding: "utf-8", header: true, column: 2 });
    expect(read.table.columns.map((c) => c.name)).toEqual(["name", "email", "mobile"]);
    expect(read.job).toMatchObject({
      status: "draft",
      total: 3,
      duplicates: 1,
      chargeable: 2,
      fileName: "contacts.csv",
    });

    // The user picks the e-mail column instead: a new draft, all rows invalid.
    expectOk(await api("DELETE", `/api/tenant/job/s/${read.job.id}`));
    const wrong = expectOk<Upload>(await upload("contacts.csv", csv, "&column=1&header=true"));
    expect(wrong.job).toMatchObject({ total: 3, invalid: 3, chargeable: 0 });
  });

  it("an XLSX upload streams its first sheet", async () => {
    const { upload } = await setup();
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Numbers");
    sheet.addRow(["Phone"]);
    for (const n of ukMobiles(40)) sheet.addRow([n]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const read = expectOk<Upload>(await upload("numbers.xlsx", buffer));
    expect(read.table).toMatchObject({ format: "xlsx", header: true, column: 0 });
    expect(read.job).toMatchObject({ total: 40, chargeable: 40 });
  });

  it("bad files get their own clear error and leave no draft", async () => {
    const { upload, tenantId } = await setup();
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          t.database.db,
          sql`select count(*)::int as n from detection_jobs where tenant_id = ${tenantId}`,
        )
      )[0]!.n;
    expectError(await upload("numbers.pdf", "%PDF-1.4"), 415, 40045);
    expectError(await upload("numbers.xlsx", "+447911100001\n"), 400, 40046);
    expectError(await upload("numbers.csv", Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4])), 400, 40046);
    expectError(await upload("numbers.csv", ""), 400, 40044);
    expectError(await upload("numbers.csv", "\n\n\n"), 400, 40044);
    expectError(await upload("numbers.csv", `${"+447911100001\n".repeat(20_000)}`), 413, 40043);
    expectError(await upload("numbers.csv", "a,b\n1,2\n", "&column=5"), 400, 40050);
    expect(await count()).toBe(0);
  });

  it("history filters by service, status and day in the organisation's time zone", async () => {
    const { api } = await setup();
    // An HLR job waits for the worker (queued); basic ones complete when submitted.
    const job = expectOk<{ id: string }>(
      await api("POST", "/api/tenant/job", { service: "hlr", numbers: ukMobiles(2) }),
    );
    expectOk(await api("POST", "/api/tenant/detection/check", { service: "basic", number: "+447911123456" }));
    const ids = async (query: string) =>
      expectOk<{ items: { id: string; service: string }[] }>(
        await api("GET", `/api/tenant/detection/history?${query}`),
      ).items.map((j) => j.id);
    expect(await ids("status=queued")).toEqual([job.id]);
    expect(await ids("status=completed")).toHaveLength(1);
    expect(await ids("service=fraud_shield")).toEqual([]);
    expect(await ids("service=hlr")).toEqual([job.id]);
    const today = new Date().toISOString().slice(0, 10);
    expect(await ids(`from=${today}&to=${today}`)).toHaveLength(2);
    expect(await ids("to=2000-01-01")).toEqual([]);
    expectError(await api("GET", "/api/tenant/detection/history?status=bogus"), 400, 40001);
  });

  it("partner staff see every customer's jobs; the permission alone elsewhere does not", async () => {
    const staff = await setup();
    const customer = await setup();
    const job = expectOk<{ id: string }>(
      await customer.api("POST", "/api/tenant/job", { service: "basic", numbers: ukMobiles(3, 300) }),
    );
    const history = async (api: typeof staff.api, query = "") =>
      api("GET", `/api/tenant/detection/history?scope=partner${query}`);

    // Before an operator names the staff organisation, nobody gets the partner view.
    expectError(await history(staff.api), 403, 40300);
    await t.database.db.execute(
      sql`update partners set staff_tenant_id = ${staff.tenantId}
          where id = (select partner_id from tenants where id = ${staff.tenantId})`,
    );
    const page = expectOk<{ items: { id: string; tenant: { id: string } }[]; partnerView: boolean }>(
      await history(staff.api),
    );
    expect(page.partnerView).toBe(true);
    expect(page.items.find((j) => j.id === job.id)?.tenant.id).toBe(customer.tenantId);
    expect(
      expectOk<{ status: string }>(await staff.api("GET", `/api/tenant/job/s/${job.id}?scope=partner`))
        .status,
    ).toBe("completed");
    expect(
      expectOk<{ items: unknown[] }>(
        await staff.api("GET", `/api/tenant/job/s/${job.id}/items?scope=partner`),
      ).items,
    ).toHaveLength(3);
    expect(
      (await staff.api("GET", `/api/tenant/job/s/${job.id}/download?format=csv&scope=partner`)).statusCode,
    ).toBe(200);
    // Without the scope it is another organisation's job.
    expectError(await staff.api("GET", `/api/tenant/job/s/${job.id}`), 404, 40400);

    // The customer's Owner holds every permission, yet is not partner staff.
    expect(
      expectOk<{ partnerView: boolean }>(await customer.api("GET", "/api/tenant/detection/history"))
        .partnerView,
    ).toBe(false);
    expectError(await history(customer.api), 403, 40300);
    expectError(await customer.api("GET", `/api/tenant/job/s/${job.id}?scope=partner`), 403, 40300);
    // A staff member without dsp_detection:read (Viewer) keeps to the staff organisation.
    const viewer = await memberWithRole(t, staff.tenantId, "viewer");
    expectError(await history(inTenant(t, viewer, staff.tenantId)), 403, 40300);
  });

  it("a file of thousands: items stored in chunks read back in order, filtered, counted and priced", async () => {
    const f = await fundedTenant(t, 100_000_000n);
    const api = inTenant(t, f.owner, f.tenantId);
    // 11,000 UK numbers, 200 of them again, 200 rows without a number, then 600 German numbers:
    // three chunks of items, the Germans all in the last.
    const german = Array.from({ length: 600 }, (_, i) => `+491512${String(i).padStart(7, "0")}`);
    const rows = [...ukMobiles(11_000), ...ukMobiles(200), ...Array(200).fill("n/a"), ...german];
    const read = expectOk<Upload>(
      await t.app.inject({
        method: "POST",
        url: "/api/tenant/job/upload?service=basic&fileName=big.csv",
        payload: `${rows.join("\n")}\n`,
        headers: { "content-type": "application/octet-stream", "x-tenant-id": f.tenantId },
        cookies: { sid: f.owner.sid },
      }),
    ).job;
    expect(read).toMatchObject({ total: 12_000, duplicates: 200, invalid: 200, chargeable: 11_600 });
    const stored = await queryRows<{ items: number; chunks: number }>(
      t.database.db,
      sql`select (select count(*)::int from detection_items where job_id = ${read.id}) as items,
                 (select count(*)::int from detection_item_chunks where job_id = ${read.id}) as chunks`,
    );
    expect(stored[0]).toEqual({ items: 0, chunks: 3 });
    expectOk(await api("POST", `/api/tenant/job/s/${read.id}/submit`));

    type Item = {
      seq: number;
      e164: string | null;
      status: string;
      rejectReason: string | null;
      costMicros: string;
    };
    const pages = async (query: string) => {
      const all: Item[] = [];
      let cursor = -1;
      for (;;) {
        const page = expectOk<{ items: Item[]; nextCursor: number | null }>(
          await api("GET", `/api/tenant/job/s/${read.id}/items?limit=700&cursor=${cursor}${query}`),
        );
        all.push(...page.items);
        if (page.nextCursor === null) return all;
        cursor = page.nextCursor;
      }
    };
    // Every row once, in order, across pages that end inside chunks.
    const all = await pages("");
    expect(all.map((i) => i.seq)).toEqual(Array.from({ length: 12_000 }, (_, i) => i));
    expect(all[0]).toMatchObject({ status: "done", costMicros: PRICE.toString() });
    expect(all[11_000]).toMatchObject({ status: "rejected", rejectReason: "duplicate", costMicros: "0" });
    expect(all[11_200]).toMatchObject({ status: "rejected", rejectReason: "invalid:not_a_number" });

    const germans = await pages("&country=DE");
    expect(germans.map((i) => i.e164)).toEqual(german);
    const rejected = await pages("&status=rejected");
    expect(rejected.map((i) => i.seq)).toEqual(Array.from({ length: 400 }, (_, i) => 11_000 + i));
    const prefix = await pages("&q=%2B49 1512 00001");
    expect(prefix.map((i) => i.e164)).toEqual(german.slice(100, 200));

    const summary = expectOk<Summary>(await api("GET", `/api/tenant/job/s/${read.id}/summary`));
    expect(summary.status).toEqual([
      { value: "done", n: 11_600 },
      { value: "rejected", n: 400 },
    ]);
    expect(summary.country).toEqual([
      { value: "GB", n: 11_000 },
      { value: "DE", n: 600 },
    ]);
    expect(summary.rejectReason).toEqual([
      { value: "duplicate", n: 200 },
      { value: "invalid:not_a_number", n: 200 },
    ]);

    // The download reads the same sequence; the job's charge is every done item at the unit price.
    const csv = await api("GET", `/api/tenant/job/s/${read.id}/download?format=csv&country=DE`);
    expect(csv.body.trim().split("\n")).toHaveLength(601);
    const job = expectOk<{ chargedMicros: string; status: string }>(
      await api("GET", `/api/tenant/job/s/${read.id}`),
    );
    expect(job).toMatchObject({ status: "completed", chargedMicros: (11_600n * PRICE).toString() });
  });

  it("retention: the worker deletes old drafts and finished jobs, items included", async () => {
    const { api } = await setup();
    const draft = expectOk<Draft>(
      await api("POST", "/api/tenant/job", { service: "basic", numbers: ukMobiles(3), draft: true }),
    );
    const finished = expectOk<{ id: string }>(
      await api("POST", "/api/tenant/job", { service: "basic", numbers: ukMobiles(3, 100) }),
    );
    const fresh = expectOk<{ id: string }>(
      await api("POST", "/api/tenant/job", { service: "basic", numbers: ukMobiles(3, 200) }),
    );
    await drain();
    await t.database.db.execute(
      sql`update detection_jobs set created_at = now() - interval '2 days' where id = ${draft.id}`,
    );
    await t.database.db.execute(
      sql`update detection_jobs set finished_at = now() - interval '91 days' where id = ${finished.id}`,
    );
    const worker = jobWorker(t.database.db, t.app.services, t.app.jobs.service, t.app.jobs.processor, {
      batch: 10,
      concurrency: 1,
      leaseSeconds: 60,
      retention: { draftHours: 24, resultDays: 90 },
    });
    expect(await worker.sweep()).toBeGreaterThanOrEqual(2);
    const left = await queryRows<{ job_id: string }>(
      t.database.db,
      // Basic checks answered while reading are stored as chunks of items (item-chunks.ts).
      sql`select job_id from detection_items where job_id in (${draft.id}, ${finished.id}, ${fresh.id})
          union
          select job_id from detection_item_chunks where job_id in (${draft.id}, ${finished.id}, ${fresh.id})`,
    );
    expect(left.map((r) => r.job_id)).toEqual([fresh.id]);
    expectError(await api("GET", `/api/tenant/job/s/${finished.id}`), 404, 40400);
  });
});
