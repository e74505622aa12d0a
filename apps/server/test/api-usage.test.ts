import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { ApiUsageView } from "@nc/contracts/api-usage";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenants } from "../src/db/schema/index";
import { apiUsageService } from "../src/features/api-usage/api-usage-service";
import { LATENCY_SLOTS } from "../src/features/metering/latency-buckets";
import { addToRollups, dayIn } from "../src/features/metering/meter";
import { meteringRepo } from "../src/features/metering/metering-repo";
import { body, expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const USAGE = "/api/tenant/api-usage";
const CHECK = "POST /api/v1/check";
const BATCH = "POST /api/v1/check/batch";
const JOB = "GET /api/v1/jobs/:id";
/** A key that no longer exists: its rows stay in the rollup. */
const GONE_KEY = "00000000-0000-4000-8000-0000000000dd";

/** A histogram with `calls` in one slot (slot i holds latencies up to LATENCY_BOUNDS_MS[i]). */
const hist = (slot: number, calls: number) => {
  const h = new Array<number>(LATENCY_SLOTS).fill(0);
  h[slot] = calls;
  return h;
};

interface Rollup {
  day: string;
  key: string;
  endpoint: string;
  service: string;
  status: number;
  calls: number;
  numbers?: number;
  cost?: bigint;
  latencyMs: number;
  hist: number[];
}

describe("API usage: the dashboard's read of the rollup", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Written as the meter writes them: daily, monthly and day totals.
  const insert = (tenantId: string, rows: Rollup[]) =>
    addToRollups(
      meteringRepo(t.database.db),
      rows.map((r) => ({
        tenantId,
        day: r.day,
        apiKeyId: r.key,
        endpoint: r.endpoint,
        service: r.service,
        status: r.status,
        calls: r.calls,
        numbers: r.numbers ?? 0,
        costMicros: r.cost ?? 0n,
        latencyMsSum: r.latencyMs,
        latencyHist: r.hist,
      })),
    );

  async function keyOf(api: ReturnType<typeof inTenant>, name: string, mode: "live" | "test") {
    return expectOk<ApiKeyCreatedView>(
      await api("POST", "/api/tenant/apikey", { name, scopes: ["check"], mode }),
    );
  }

  /**
   * An organisation with two keys (one named like a formula) and a deleted one, over two endpoints'
   * worth of calls on 1, 2, 3 and 5 March 2026, one row before the period; and another organisation
   * with calls on the same days (one even under the first organisation's key id).
   */
  async function usageOrg() {
    const f = await fundedTenant(t);
    const api = inTenant(t, f.owner, f.tenantId);
    const a = await keyOf(api, "Shop backend", "live");
    const b = await keyOf(api, "=SUM(1+1)", "test");
    const A = a.key.id;
    const B = b.key.id;
    await insert(f.tenantId, [
      {
        day: "2026-02-27",
        key: A,
        endpoint: CHECK,
        service: "hlr",
        status: 200,
        calls: 7,
        latencyMs: 70,
        hist: hist(9, 7),
      },
      {
        day: "2026-03-01",
        key: A,
        endpoint: CHECK,
        service: "hlr",
        status: 200,
        calls: 10,
        numbers: 10,
        cost: 5_000_000n,
        latencyMs: 500,
        hist: hist(9, 10),
      },
      {
        day: "2026-03-01",
        key: A,
        endpoint: CHECK,
        service: "hlr",
        status: 402,
        calls: 2,
        latencyMs: 20,
        hist: hist(5, 2),
      },
      {
        day: "2026-03-02",
        key: B,
        endpoint: BATCH,
        service: "basic",
        status: 200,
        calls: 5,
        numbers: 250,
        cost: 2_500_000n,
        latencyMs: 1_500,
        hist: hist(14, 5),
      },
      {
        day: "2026-03-03",
        key: A,
        endpoint: JOB,
        service: "",
        status: 200,
        calls: 80,
        latencyMs: 400,
        hist: hist(3, 80),
      },
      {
        day: "2026-03-05",
        key: GONE_KEY,
        endpoint: CHECK,
        service: "hlr",
        status: 500,
        calls: 3,
        latencyMs: 4_500,
        hist: hist(18, 3),
      },
      {
        day: "2026-03-05",
        key: B,
        endpoint: JOB,
        service: "",
        status: 404,
        calls: 1,
        latencyMs: 0.5,
        hist: hist(0, 1),
      },
    ]);
    const other = await fundedTenant(t);
    const otherKey = await keyOf(inTenant(t, other.owner, other.tenantId), "Other org key", "live");
    await insert(other.tenantId, [
      {
        day: "2026-03-01",
        key: otherKey.key.id,
        endpoint: CHECK,
        service: "hlr",
        status: 200,
        calls: 1_000,
        numbers: 1_000,
        cost: 9_000_000n,
        latencyMs: 9_000,
        hist: hist(20, 1_000),
      },
      {
        day: "2026-03-03",
        key: A,
        endpoint: JOB,
        service: "",
        status: 200,
        calls: 500,
        latencyMs: 500,
        hist: hist(1, 500),
      },
    ]);
    return { ...f, api, A, B, lastA: a.secret.slice(-4), other: { ...other, keyId: otherKey.key.id } };
  }

  const read = async (api: ReturnType<typeof inTenant>, query: string) =>
    expectOk<ApiUsageView>(await api("GET", `${USAGE}?${query}`));

  it("adds up the period: totals, zero-filled days, breakdowns and latency percentiles", async () => {
    const { api, A, B, lastA } = await usageOrg();
    const view = await read(api, "from=2026-02-28&to=2026-03-06");

    expect(view.totals).toEqual({
      calls: 101,
      errors: 6,
      numbers: 260,
      costMicros: "7500000",
      currency: "USD",
      latency: { avgMs: expect.closeTo(6_920.5 / 101, 6), p50: 5, p90: 50, p99: 2_000 },
    });
    expect(view.days.map((d) => [d.day, d.calls, d.success, d.errors, d.numbers, d.costMicros])).toEqual([
      ["2026-02-28", 0, 0, 0, 0, "0"],
      ["2026-03-01", 12, 10, 2, 10, "5000000"],
      ["2026-03-02", 5, 5, 0, 250, "2500000"],
      ["2026-03-03", 80, 80, 0, 0, "0"],
      ["2026-03-04", 0, 0, 0, 0, "0"],
      ["2026-03-05", 4, 0, 4, 0, "0"],
      ["2026-03-06", 0, 0, 0, 0, "0"],
    ]);
    expect(view.byKey).toEqual([
      {
        apiKeyId: A,
        name: "Shop backend",
        mode: "live",
        last4: lastA,
        calls: 92,
        errors: 2,
        numbers: 10,
        costMicros: "5000000",
      },
      {
        apiKeyId: B,
        name: "=SUM(1+1)",
        mode: "test",
        last4: expect.any(String),
        calls: 6,
        errors: 1,
        numbers: 250,
        costMicros: "2500000",
      },
      {
        apiKeyId: GONE_KEY,
        name: null,
        mode: null,
        last4: null,
        calls: 3,
        errors: 3,
        numbers: 0,
        costMicros: "0",
      },
    ]);
    expect(view.byEndpoint).toEqual([
      { endpoint: JOB, calls: 81, errors: 1, numbers: 0, costMicros: "0" },
      { endpoint: CHECK, calls: 15, errors: 5, numbers: 10, costMicros: "5000000" },
      { endpoint: BATCH, calls: 5, errors: 0, numbers: 250, costMicros: "2500000" },
    ]);
    expect(view.byService.map((s) => [s.service, s.calls])).toEqual([
      ["", 81],
      ["hlr", 15],
      ["basic", 5],
    ]);
    expect(view.byStatus.map((s) => [s.status, s.calls, s.errors])).toEqual([
      [200, 95, 0],
      [402, 2, 2],
      [404, 1, 1],
      [500, 3, 3],
    ]);
    expect(view.latencyByEndpoint).toEqual([
      { endpoint: JOB, calls: 81, p50: 5, p90: 5, p99: 5 },
      { endpoint: CHECK, calls: 15, p50: 50, p90: 2_000, p99: 2_000 },
      { endpoint: BATCH, calls: 5, p50: 300, p90: 300, p99: 300 },
    ]);
  });

  it("filters by key, endpoint and service (none = calls without a service), also combined", async () => {
    const { api, A, B } = await usageOrg();
    const period = "from=2026-03-01&to=2026-03-05";
    const byB = await read(api, `${period}&apiKeyId=${B}`);
    expect(byB.totals).toMatchObject({ calls: 6, errors: 1, numbers: 250, costMicros: "2500000" });
    expect(byB.byKey.map((k) => k.apiKeyId)).toEqual([B]);
    expect(byB.days.map((d) => d.calls)).toEqual([0, 5, 0, 0, 1]);

    const byEndpoint = await read(api, `${period}&endpoint=${encodeURIComponent(CHECK)}`);
    expect(byEndpoint.totals).toMatchObject({ calls: 15, errors: 5 });
    expect(byEndpoint.totals.latency).toMatchObject({ p50: 50, p99: 2_000 });
    expect(byEndpoint.byEndpoint.map((e) => e.endpoint)).toEqual([CHECK]);

    expect((await read(api, `${period}&service=none`)).totals.calls).toBe(81);
    expect((await read(api, `${period}&service=hlr`)).totals.calls).toBe(15);
    const combined = await read(api, `${period}&apiKeyId=${A}&service=hlr`);
    expect(combined.totals).toMatchObject({ calls: 12, errors: 2, numbers: 10 });
    expect(combined.byStatus.map((s) => s.status)).toEqual([200, 402]);

    const nothing = await read(api, `${period}&service=mnp`);
    expect(nothing.totals).toMatchObject({ calls: 0, errors: 0, numbers: 0, costMicros: "0" });
    expect(nothing.totals.latency).toEqual({ avgMs: null, p50: null, p90: null, p99: null });
    expect(nothing.days).toHaveLength(5);
    expect(nothing.byKey).toEqual([]);
    expect(nothing.latencyByEndpoint).toEqual([]);
  });

  it("counts only the organisation's own rows; another organisation's key id filters to nothing", async () => {
    const { api, A, other } = await usageOrg();
    const period = "from=2026-03-01&to=2026-03-05";
    const own = await read(api, period);
    expect(own.totals.calls).toBe(101);
    expect(own.byKey.map((k) => k.apiKeyId)).not.toContain(other.keyId);
    const foreign = await read(api, `${period}&apiKeyId=${other.keyId}`);
    expect(foreign.totals.calls).toBe(0);
    expect(foreign.byKey).toEqual([]);

    // The other organisation sees its own calls only, and a key id that is not its own stays unnamed.
    const theirs = await read(inTenant(t, other.owner, other.tenantId), period);
    expect(theirs.totals).toMatchObject({ calls: 1_500, costMicros: "9000000" });
    expect(theirs.byKey.find((k) => k.apiKeyId === A)).toMatchObject({ calls: 500, name: null, mode: null });
    expect(theirs.byKey.find((k) => k.apiKeyId === other.keyId)).toMatchObject({ name: "Other org key" });
  });

  it("refuses periods that run backwards, are too long, or are not real days", async () => {
    const { api } = await usageOrg();
    // 2026 is no leap year: 1 January 2026 to 1 January 2027 is exactly 366 days.
    expect((await read(api, "from=2026-01-01&to=2027-01-01")).days).toHaveLength(366);
    const long = expectError(await api("GET", `${USAGE}?from=2026-01-01&to=2027-01-02`), 400, 40056);
    expect(long.msg).toContain("366");
    expectError(await api("GET", `${USAGE}/export?from=2026-01-01&to=2027-01-02&format=csv`), 400, 40056);
    expectFieldError(await api("GET", `${USAGE}?from=2026-03-05&to=2026-03-04`), "to", "before_start");
    expectFieldError(await api("GET", `${USAGE}?from=2026-02-30&to=2026-03-04`), "from", "invalid_format");
    expectFieldError(await api("GET", `${USAGE}?to=2026-03-04`), "from", "required");
    expectFieldError(
      await api("GET", `${USAGE}?from=2026-03-01&to=2026-03-04&apiKeyId=abc`),
      "apiKeyId",
      "invalid_format",
    );
    expectFieldError(
      await api("GET", `${USAGE}/export?from=2026-03-01&to=2026-03-04&format=pdf`),
      "format",
      "invalid_value",
    );
  });

  it("needs apikey_data:read: a Developer reads it, a Viewer and Finance get 403", async () => {
    const { tenantId } = await usageOrg();
    const query = `${USAGE}?from=2026-03-01&to=2026-03-05`;
    const developer = await memberWithRole(t, tenantId, "developer");
    expect(expectOk<ApiUsageView>(await inTenant(t, developer, tenantId)("GET", query)).totals.calls).toBe(
      101,
    );
    for (const role of ["viewer", "finance"] as const) {
      const member = await memberWithRole(t, tenantId, role);
      expectError(await inTenant(t, member, tenantId)("GET", query), 403, 40300);
      expectError(
        await inTenant(
          t,
          member,
          tenantId,
        )("GET", `${USAGE}/export?from=2026-03-01&to=2026-03-05&format=csv`),
        403,
        40300,
      );
    }
  });

  it("exports one CSV line per day, key, endpoint, service and status, neutralised, filters applied", async () => {
    const { api, tenantId, A, B } = await usageOrg();
    await t.database.db.update(tenants).set({ timezoneCode: "Asia/Tokyo" }).where(eq(tenants.id, tenantId));
    const res = await api("GET", `${USAGE}/export?from=2026-02-28&to=2026-03-06&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="api-usage-2026-02-28-2026-03-06.csv"',
    );
    expect(res.body.startsWith("\uFEFF")).toBe(true);
    const lines = res.body.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "Day,Time zone,API key id,API key name,Mode,Endpoint,Service,Status,Calls,Numbers,Cost,Currency," +
        "Average latency (ms),p50 latency (ms),p99 latency (ms)",
    );
    expect(lines).toHaveLength(7);
    const pt = await api("GET", `${USAGE}/export?from=2026-02-28&to=2026-03-06&format=csv`, undefined, {
      "x-locale": "pt",
    });
    const ptLines = pt.body.slice(1).trimEnd().split("\r\n");
    expect(ptLines[0]).toMatch(/^Dia,Fuso horário,ID da chave de API,Nome da chave de API,Modo,/);
    expect(ptLines.slice(1)).toEqual(lines.slice(1));
    expect(lines.slice(1).map((l) => l.slice(0, 10))).toEqual([
      "2026-03-01",
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
      "2026-03-05",
      "2026-03-05",
    ]);
    expect(lines[1]).toBe(
      `2026-03-01,Asia/Tokyo,${A},Shop backend,live,${CHECK},hlr,200,10,10,5.00,USD,50.0,50,50`,
    );
    expect(lines[3]).toBe(
      `2026-03-02,Asia/Tokyo,${B},'=SUM(1+1),test,${BATCH},basic,200,5,250,2.50,USD,300.0,300,300`,
    );
    expect(lines.find((l) => l.includes(GONE_KEY))).toBe(
      `2026-03-05,Asia/Tokyo,${GONE_KEY},,,${CHECK},hlr,500,3,0,0.00,USD,1500.0,2000,2000`,
    );

    const filtered = await api(
      "GET",
      `${USAGE}/export?from=2026-02-28&to=2026-03-06&format=csv&apiKeyId=${B}`,
    );
    const rows = filtered.body.slice(1).trimEnd().split("\r\n").slice(1);
    expect(rows).toHaveLength(2);
    expect(rows.every((l) => l.includes(B))).toBe(true);
  });

  it("pages the export through more rows than one batch without losing or repeating any", async () => {
    const { api, tenantId, A } = await usageOrg();
    const many: Rollup[] = [];
    for (let i = 0; i < 5_200; i++)
      many.push({
        day: "2026-04-01",
        key: A,
        endpoint: `GET /api/v1/x${i}`,
        service: "",
        status: 200,
        calls: 1,
        latencyMs: 1,
        hist: hist(0, 1),
      });
    for (let i = 0; i < many.length; i += 1_000) await insert(tenantId, many.slice(i, i + 1_000));
    const res = await api("GET", `${USAGE}/export?from=2026-04-01&to=2026-04-01&format=csv`);
    const endpoints = res.body
      .slice(1)
      .trimEnd()
      .split("\r\n")
      .slice(1)
      .map((l) => l.split(",")[5]);
    expect(endpoints).toHaveLength(5_200);
    expect(new Set(endpoints).size).toBe(5_200);
  });

  it("a period over several months reads whole months from the monthly rollup and gives the same answer as the days", async () => {
    const f = await fundedTenant(t);
    const keys = ["00000000-0000-4000-8000-00000000aa01", "00000000-0000-4000-8000-00000000aa02"];
    // Every third day from 10 January to 20 April 2026, two keys, two endpoints, a failing status now and then.
    const rows: Rollup[] = [];
    for (let i = 0; i < 100; i += 3) {
      const day = new Date(Date.UTC(2026, 0, 10 + i)).toISOString().slice(0, 10);
      rows.push(
        {
          day,
          key: keys[i % 2]!,
          endpoint: CHECK,
          service: "basic",
          status: 200,
          calls: 10 + i,
          numbers: 10 + i,
          cost: BigInt(1000 * (10 + i)),
          latencyMs: 50 * (10 + i),
          hist: hist(3 + (i % 4), 10 + i),
        },
        {
          day,
          key: keys[(i + 1) % 2]!,
          endpoint: BATCH,
          service: "hlr",
          status: i % 9 === 0 ? 429 : 200,
          calls: 2,
          numbers: 40,
          cost: 7000n,
          latencyMs: 900,
          hist: hist(12, 2),
        },
      );
    }
    await insert(f.tenantId, rows);
    const usage = apiUsageService(t.database.db, t.app.services.billing);
    /** What the period must add up to, from the day rows themselves. */
    const expected = (from: string, to: string, keep: (r: Rollup) => boolean = () => true) => {
      const inPeriod = rows.filter((r) => r.day >= from && r.day <= to && keep(r));
      const calls = inPeriod.reduce((n, r) => n + r.calls, 0);
      const errors = inPeriod.filter((r) => r.status !== 200).reduce((n, r) => n + r.calls, 0);
      const byKey = new Map<string, number>();
      for (const r of inPeriod) byKey.set(r.key, (byKey.get(r.key) ?? 0) + r.calls);
      return { calls, errors, byKey: Object.fromEntries(byKey), days: inPeriod.length };
    };
    const periods: [string, string][] = [
      ["2026-01-20", "2026-04-05"], // part of January, February and March whole, part of April
      ["2026-02-01", "2026-03-31"], // whole months only
      ["2026-02-03", "2026-02-25"], // inside one month
      ["2026-01-10", "2026-04-20"],
    ];
    for (const [from, to] of periods) {
      for (const [filter, keep] of [
        [{}, () => true],
        [{ apiKeyId: keys[0] }, (r: Rollup) => r.key === keys[0]],
        [{ endpoint: BATCH }, (r: Rollup) => r.endpoint === BATCH],
        [{ service: "basic" }, (r: Rollup) => r.service === "basic"],
      ] as const) {
        const view = await usage.usage(f.tenantId, { from, to, ...filter });
        const want = expected(from, to, keep);
        expect(view.totals, `${from}..${to} ${JSON.stringify(filter)}`).toMatchObject({
          calls: want.calls,
          errors: want.errors,
        });
        expect(Object.fromEntries(view.byKey.map((k) => [k.apiKeyId, k.calls]))).toEqual(want.byKey);
        expect(view.byEndpoint.reduce((n, e) => n + e.calls, 0)).toBe(want.calls);
        expect(view.byStatus.reduce((n, e) => n + e.calls, 0)).toBe(want.calls);
        expect(view.days.reduce((n, d) => n + d.calls, 0)).toBe(want.calls);
        expect(view.latencyByEndpoint.reduce((n, e) => n + e.calls, 0)).toBe(want.calls);
      }
    }
    // The histograms of whole months and edge days merge into the same percentiles as the days'.
    const whole = await usage.usage(f.tenantId, { from: "2026-01-10", to: "2026-04-20", endpoint: BATCH });
    expect(whole.latencyByEndpoint).toEqual([expect.objectContaining({ endpoint: BATCH })]);
    expect(whole.totals.latency.avgMs).toBeCloseTo(450, 5);
  });

  it("answers the public usage endpoint's days: every day, zeros included, in the account's currency", async () => {
    const { tenantId } = await usageOrg();
    const usage = apiUsageService(t.database.db, t.app.services.billing);
    expect(await usage.dailyUsage(tenantId, "2026-03-04", "2026-03-05")).toEqual({
      days: [
        { day: "2026-03-04", calls: 0, errors: 0, numbers: 0, costMicros: "0" },
        { day: "2026-03-05", calls: 4, errors: 4, numbers: 0, costMicros: "0" },
      ],
      currency: "USD",
    });
    expect((await usage.dailyUsage(tenantId, "2026-03-01", "2026-03-01")).days).toEqual([
      { day: "2026-03-01", calls: 12, errors: 2, numbers: 10, costMicros: "5000000" },
    ]);
    await expect(usage.dailyUsage(tenantId, "2026-01-01", "2027-01-02")).rejects.toMatchObject({
      key: "usageRangeTooLong",
      params: { max: 366 },
    });
    await expect(usage.dailyUsage(tenantId, "2026-03-02", "2026-03-01")).rejects.toMatchObject({
      key: "validation",
    });
  });

  it("shows metered public API calls on the organisation's day", async () => {
    const f = await fundedTenant(t);
    const api = inTenant(t, f.owner, f.tenantId);
    await t.database.db
      .update(tenants)
      .set({ timezoneCode: "Pacific/Kiritimati" })
      .where(eq(tenants.id, f.tenantId));
    const key = await keyOf(api, "Sandbox", "test");
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/v1/check",
        payload: { service: "basic", number: "+447400123456" },
        headers: { authorization: `Bearer ${key.secret}` },
      });
      expect(body(res).code).toBe(0);
    }
    await t.app.meter.flush();
    const today = dayIn("Pacific/Kiritimati", new Date());
    const view = await read(api, `from=${today}&to=${today}`);
    expect(view.totals).toMatchObject({ calls: 3, errors: 0, numbers: 3, costMicros: "0" });
    expect(view.byEndpoint.map((e) => [e.endpoint, e.calls])).toEqual([[CHECK, 3]]);
    expect(view.byKey).toMatchObject([{ apiKeyId: key.key.id, name: "Sandbox", mode: "test", calls: 3 }]);
    expect(view.byService).toMatchObject([{ service: "basic", calls: 3 }]);
  });
});
