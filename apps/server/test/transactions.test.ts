import type { Transaction, TransactionDetail, TransactionPage } from "@nc/contracts/account";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { tenants } from "../src/db/schema/index";
import { accountRepo } from "../src/features/account/account-repo";
import { expectFieldError, expectOk } from "./helpers/accounts";
import { fundedTenant, system } from "./helpers/billing";
import { expectCode, inTenant } from "./helpers/tenancy";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

const LIST = "/api/tenant/account/transactions";

describe("transactions: list, filters, paging, detail, export", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const setTime = (id: string, iso: string) =>
    t.database.db.execute(sql`update ledger_entries set created_at = ${iso}::timestamptz where id = ${id}`);

  /** A Tokyo organisation with rows either side of local midnight of 2026-03-10 (15:00 UTC on the 9th). */
  async function tokyoLedger() {
    const f = await fundedTenant(t, 100_000_000n);
    await t.database.db.update(tenants).set({ timezoneCode: "Asia/Tokyo" }).where(eq(tenants.id, f.tenantId));
    const post = async (tradeType: number, micros: bigint, iso: string, note?: string) => {
      const m = { tenantId: f.tenantId, tradeType, amountMicros: micros, actor: system, note };
      const { entry } = tradeType === TRADE_TYPES.add ? await f.billing.credit(m) : await f.billing.charge(m);
      await setTime(entry.id, iso);
      return entry.id;
    };
    const ids = {
      before: await post(TRADE_TYPES.checkHlr, 1_000_000n, "2026-03-09T14:59:59.999Z"), // 23:59:59 on the 9th
      start: await post(TRADE_TYPES.checkBasic, 2_000_000n, "2026-03-09T15:00:00.000Z"), // 00:00 on the 10th
      end: await post(TRADE_TYPES.add, 3_000_000n, "2026-03-10T14:59:59.999Z", '=HYPERLINK("http://x")'),
      after: await post(TRADE_TYPES.checkMnp, 4_000_000n, "2026-03-10T15:00:00.000Z"), // 00:00 on the 11th
    };
    return { ...f, ids, call: inTenant(t, f.owner, f.tenantId) };
  }

  it("date filters are calendar days in the tenant's time zone, both ends inclusive", async () => {
    const { call, ids } = await tokyoLedger();
    const page = expectOk<TransactionPage>(await call("GET", `${LIST}?from=2026-03-10&to=2026-03-10`));
    expect(page.data.map((r) => r.id)).toEqual([ids.end, ids.start]);
    const fromOnly = expectOk<TransactionPage>(await call("GET", `${LIST}?from=2026-03-11&to=2026-03-11`));
    expect(fromOnly.data.map((r) => r.id)).toEqual([ids.after]);
    const toOnly = expectOk<TransactionPage>(await call("GET", `${LIST}?to=2026-03-09`));
    expect(toOnly.data.map((r) => r.id)).toContain(ids.before);
    expect(toOnly.data.map((r) => r.id)).not.toContain(ids.start);
  });

  it("filters by trade types (several) and by the amount's size", async () => {
    const { call, ids } = await tokyoLedger();
    const types = expectOk<TransactionPage>(
      await call("GET", `${LIST}?tradeType=${TRADE_TYPES.checkHlr}&tradeType=${TRADE_TYPES.checkMnp}`),
    );
    expect(types.data.map((r) => r.id)).toEqual([ids.after, ids.before]);
    const comma = expectOk<TransactionPage>(await call("GET", `${LIST}?tradeType=6,7`));
    expect(comma.data).toHaveLength(2);
    const amount = expectOk<TransactionPage>(await call("GET", `${LIST}?minAmount=2&maxAmount=3.5`));
    expect(amount.data.map((r) => r.id)).toEqual([ids.end, ids.start]);
    expect(amount.data[0]).toMatchObject({ tradeType: 2, amountMicros: "3000000" });
    expect(amount.data[1]).toMatchObject({ tradeType: 5, amountMicros: "-2000000" });
    expectCode(await call("GET", `${LIST}?tradeType=13`), 400, 40001);
    expectCode(await call("GET", `${LIST}?minAmount=-1`), 400, 40001);
    expectCode(await call("GET", `${LIST}?from=10/03/2026`), 400, 40001);
    expectCode(await call("GET", `${LIST}?limit=101`), 400, 40001);
    expectFieldError(await call("GET", `${LIST}?cursor=bm9wZQ`), "cursor", "invalid");
  });

  it("keyset pages newest first without gaps or duplicates, also among rows of the same instant", async () => {
    const { tenantId, owner, billing } = await fundedTenant(t, 1_000_000_000n);
    const ids: string[] = [];
    for (let i = 0; i < 36; i++) {
      const { entry } = await billing.charge({
        tenantId,
        tradeType: TRADE_TYPES.checkBasic,
        amountMicros: BigInt(1000 + i),
        actor: system,
      });
      ids.push(entry.id);
    }
    // A dozen rows share one microsecond, so only the id can order them.
    await t.database.db.execute(
      sql`update ledger_entries set created_at = '2026-01-01T00:00:00.123456Z' where id in (${sql.join(
        ids.slice(10, 22).map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    const all = await queryRows<{ id: string }>(
      t.database.db,
      sql`select id from ledger_entries where tenant_id = ${tenantId} order by created_at desc, id desc`,
    );
    const call = inTenant(t, owner, tenantId);
    const seen: Transaction[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `${LIST}?limit=5${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page: TransactionPage = expectOk<TransactionPage>(await call("GET", url));
      expect(page.data.length).toBeLessThanOrEqual(5);
      seen.push(...page.data);
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(seen.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(new Set(seen.map((r) => r.id)).size).toBe(37);
    expect(pages).toBe(8);
  });

  it("detail shows the row and what it references: the reservation and the acting user", async () => {
    const { tenantId, owner, billing } = await fundedTenant(t, 10_000_000n);
    const call = inTenant(t, owner, tenantId);
    const { reservation, entry } = await billing.reserve({
      tenantId,
      tradeType: TRADE_TYPES.dataWebDetection,
      amountMicros: 3_000_000n,
      actor: { type: "user", id: owner.id },
      reference: { type: "job", id: "job-1" },
    });
    await billing.settle(tenantId, reservation.id, 1_000_000n);
    const refund = (await billing.release(tenantId, reservation.id, system))!;

    const hold = expectOk<TransactionDetail>(await call("GET", `${LIST}/s/${entry.id}`));
    expect(hold).toMatchObject({
      id: entry.id,
      tradeType: 11,
      amountMicros: "-3000000",
      balanceAfterMicros: "7000000",
      currency: "USD",
      referenceType: "job",
      referenceId: "job-1",
      actorUser: { id: owner.id, name: owner.name, email: owner.email },
      reservation: {
        id: reservation.id,
        reservedMicros: "3000000",
        settledMicros: "1000000",
        releasedMicros: "2000000",
        status: "closed",
      },
      rechargeOrder: null,
    });
    const released = expectOk<TransactionDetail>(await call("GET", `${LIST}/s/${refund.id}`));
    expect(released).toMatchObject({ tradeType: 10, amountMicros: "2000000", actorUser: null });
    expect(released.reservation?.id).toBe(reservation.id);

    expectCode(await call("GET", `${LIST}/s/0190a0a0-0000-7000-8000-000000000000`), 404, 40400);
    const other = await fundedTenant(t, 1_000_000n);
    const { entry: foreign } = await other.billing.charge({
      tenantId: other.tenantId,
      tradeType: TRADE_TYPES.checkBasic,
      amountMicros: 1n,
      actor: system,
    });
    expectCode(await call("GET", `${LIST}/s/${foreign.id}`), 404, 40400);
  });

  it("shows the notes the product wrote in the reader's language, an operator's note as typed", async () => {
    const { billing, tenantId, api } = await fundedTenant(t);
    const credit = (note: Parameters<typeof billing.credit>[0]["note"]) =>
      billing.credit({ tenantId, tradeType: TRADE_TYPES.add, amountMicros: 1_000_000n, actor: system, note });
    const card = await credit({ key: "rechargeCard", params: { reference: "ch_42" } });
    await credit("goodwill after outage");
    // The English stays in the note column for anything that reads only it.
    expect(card.entry.note).toBe("Card ch_42");

    const notes = async (locale: string) =>
      expectOk<TransactionPage>(await api("GET", LIST, undefined, { "x-locale": locale })).data.map(
        (r) => r.note,
      );
    expect(await notes("zh-Hans")).toEqual(["goodwill after outage", "银行卡 ch_42"]);
    expect(await notes("es")).toEqual(["goodwill after outage", "Tarjeta ch_42"]);
    const detail = expectOk<TransactionDetail>(
      await api("GET", `${LIST}/s/${card.entry.id}`, undefined, { "x-locale": "pt" }),
    );
    expect(detail.note).toBe("Cartão ch_42");
    const csv = await api("GET", "/api/tenant/account/transactions/export?format=csv", undefined, {
      "x-locale": "zh-Hans",
    });
    expect(csv.body).toContain("银行卡 ch_42");
    expect(csv.body).toContain("goodwill after outage");
  });

  it("exports CSV with a BOM, tenant-zone times, decimal money and neutralised formulas", async () => {
    const { call, ids } = await tokyoLedger();
    const res = await call(
      "GET",
      "/api/tenant/account/transactions/export?format=csv&from=2026-03-10&to=2026-03-10",
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(/attachment; filename="transactions-.*\.csv"/);
    const raw = res.rawPayload;
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = raw.subarray(3).toString("utf8").trimEnd().split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^Time,Time zone,Trade type,/);
    expect(lines[1]).toContain("2026-03-10 23:59:59,Asia/Tokyo,2,add,3.00,");
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(lines[1]).toContain(ids.end);
    expect(lines[2]).toContain("2026-03-10 00:00:00,Asia/Tokyo,5,checkBasic,-2.00,");
  });

  it("exports XLSX (streamed) with the same cells, formulas neutralised, read back with exceljs", async () => {
    const { call, ids } = await tokyoLedger();
    const res = await call("GET", "/api/tenant/account/transactions/export?format=xlsx");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Transactions")!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    // getSheetValues() rows are 1-based arrays.
    expect(rows[0]!.slice(1, 4)).toEqual(["Time", "Time zone", "Trade type"]);
    const byId = new Map(rows.slice(1).map((r) => [r[15] as string, r]));
    const end = byId.get(ids.end)!;
    expect(end.slice(1, 7)).toEqual(["2026-03-10 23:59:59", "Asia/Tokyo", "2", "add", "3.00", "100.00"]);
    expect(end[14]).toBe('\'=HYPERLINK("http://x")');
    expect(byId.get(ids.before)![1]).toBe("2026-03-09 23:59:59");
    expect(rows).toHaveLength(6); // header + opening recharge + 4
    for (const r of rows) for (const cell of r) expect(typeof cell === "object" && cell !== null).toBe(false);
  });

  it("names the header line and the sheet in the reader's language; the cells stay the same", async () => {
    const { call } = await tokyoLedger();
    const url = "/api/tenant/account/transactions/export?format=xlsx";
    const [es, en] = await Promise.all([call("GET", url, undefined, { "x-locale": "es" }), call("GET", url)]);
    const read = async (payload: Buffer, sheetName: string) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(payload as unknown as ArrayBuffer);
      return workbook.getWorksheet(sheetName)!.getSheetValues().filter(Boolean) as unknown[][];
    };
    const spanish = await read(es.rawPayload, "Transacciones");
    const english = await read(en.rawPayload, "Transactions");
    expect(spanish[0]!.slice(1, 5)).toEqual([
      "Fecha y hora",
      "Zona horaria",
      "Tipo de operación",
      "Nombre del tipo de operación",
    ]);
    expect(spanish.slice(1)).toEqual(english.slice(1));
  });

  it("neutralises every dangerous first character and leaves plain numbers alone", async () => {
    const { neutralise } = await import("../src/export/table-export");
    for (const v of ["=1+1", "+A1", "-cmd", "@SUM(A1)", "\tx", "\rx", "+1+cmd|' /C calc'!A0", "+", "-1\t2"])
      expect(neutralise(v)).toBe(`'${v}`);
    // Numbers, phone numbers in every format the product prints included, cannot run: they keep their "+".
    for (const v of [
      "-1.25",
      "3",
      "+447400123456",
      "+44 7400 123456",
      "+1 201-555-0123",
      "(020) 7946 0958",
      "hello",
      "",
    ])
      expect(neutralise(v)).toBe(v);
  });

  it.runIf(onPostgres)(
    "on PostgreSQL, a 100k-row ledger pages by an index scan on (tenant_id, created_at, id)",
    async () => {
      const { tenantId, billing } = await fundedTenant(t, 1_000_000n);
      const db = t.database.db;
      await db.execute(sql`
        insert into ledger_entries (id, tenant_id, trade_type, amount_micros, balance_after_micros, actor_type, created_at)
        select (lpad(to_hex(g), 8, '0') || '-0000-7000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, ${tenantId}, 5, 0, 1000000,
               'system', now() - (g || ' seconds')::interval
        from generate_series(1, 100000) g`);
      await db.execute(sql`analyze ledger_entries`);
      const repo = accountRepo(db);
      const first = await repo.page(tenantId, { timeZone: "UTC" }, 51);
      const cursor = { createdAt: first[49]!.created_at, id: first[49]!.id };
      const plan = await queryRows<{ "QUERY PLAN": string }>(
        db,
        sql`explain ${repo.pageQuery(tenantId, { timeZone: "UTC" }, 51, cursor)}`,
      );
      const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
      expect(text).toMatch(/Index (Only )?Scan.*ledger_tenant_created_idx/);
      expect(text).not.toMatch(/Seq Scan|Sort/);
      const started = performance.now();
      const next = await repo.page(tenantId, { timeZone: "UTC" }, 51, cursor);
      expect(performance.now() - started).toBeLessThan(500);
      expect(next[0]!.id).toBe(first[50]!.id);
      expect((await billing.verify(tenantId)).ok).toBe(true);
    },
    120_000,
  );
});
