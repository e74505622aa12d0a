import type { JobView } from "@nc/contracts/jobs";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../src/db/schema/index";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { apiClient } from "./helpers/api-client";
import { createTestApp, type TestApp } from "./helpers/test-app";

const NUMBERS = ["+447400123456", "+447400123457", "+447400123456", "not a number", "+12025550104"];

interface Item {
  seq: number;
  status: string;
  rejectReason: string | null;
  result: { basic?: { e164: string }; sandbox?: boolean } | null;
}

describe("/api/v1/jobs", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const ledgerOf = (tenantId: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.tradeType, TRADE_TYPES.dataApiDetection)),
      );

  it("a JSON list: submitted at once, charged as trade type 12 by the key, results paged, downloadable", async () => {
    const c = await apiClient(t);
    const job = expectOk<JobView>(
      await c.call("POST", "/api/v1/jobs", { service: "basic", numbers: NUMBERS }),
    );
    expect(job).toMatchObject({
      channel: "api",
      kind: "list",
      status: "completed",
      total: 5,
      duplicates: 1,
      invalid: 1,
    });
    expect(job.chargeable).toBe(3);
    const rows = await ledgerOf(c.tenantId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actorType: "api_key", actorId: c.key.id });
    expect(-rows[0]!.amountMicros).toBe(BigInt(job.unitPriceMicros) * 3n);

    expect(expectOk<JobView>(await c.call("GET", `/api/v1/jobs/${job.id}`))).toMatchObject({
      id: job.id,
      done: 3,
    });
    const first = expectOk<{ items: Item[]; nextCursor: number | null }>(
      await c.call("GET", `/api/v1/jobs/${job.id}/results?limit=2`),
    );
    expect(first.items.map((i) => i.seq)).toEqual([0, 1]);
    expect(first.items[0]!.result?.basic?.e164).toBe("+447400123456");
    const rest = expectOk<{ items: Item[]; nextCursor: number | null }>(
      await c.call("GET", `/api/v1/jobs/${job.id}/results?limit=10&cursor=${first.nextCursor}`),
    );
    expect(rest.items.map((i) => i.seq)).toEqual([2, 3, 4]);
    expect(rest.nextCursor).toBeNull();
    const rejected = expectOk<{ items: Item[] }>(
      await c.call("GET", `/api/v1/jobs/${job.id}/results?status=rejected`),
    );
    expect(rejected.items.map((i) => i.rejectReason?.split(":")[0])).toEqual(["duplicate", "invalid"]);

    // The header line is English whatever the client's language: the file is part of the contract.
    const csv = await c.call("GET", `/api/v1/jobs/${job.id}/download?format=csv`, undefined, {
      "accept-language": "zh-CN,zh;q=0.9",
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.startsWith("\uFEFFRow,Input,E.164,Status,Reason")).toBe(true);
    expect(csv.body).toContain("+12025550104");
    const xlsx = await c.call("GET", `/api/v1/jobs/${job.id}/download?format=xlsx&rejected=true`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("a file as the body: read as it streams, column and header detected, submitted at once", async () => {
    const c = await apiClient(t);
    const file = "name,phone\nAda,+447400123456\nBob,+447400123458\nBob,+447400123458\nEve,12\n";
    const res = await c.call("POST", "/api/v1/jobs?service=basic&fileName=contacts.csv", file, {
      "content-type": "text/csv",
    });
    const job = expectOk<JobView>(res);
    expect(job).toMatchObject({
      kind: "file",
      fileName: "contacts.csv",
      total: 4,
      duplicates: 1,
      invalid: 1,
      status: "completed",
    });
    expect((await ledgerOf(c.tenantId))[0]).toMatchObject({ actorType: "api_key", actorId: c.key.id });
  });

  it("a file's query takes the documented header=true|false|1|0 and column, and they are obeyed", async () => {
    const c = await apiClient(t);
    const upload = (query: string, file: string) =>
      c.call("POST", `/api/v1/jobs?service=basic&fileName=n.csv&${query}`, file, {
        "content-type": "text/csv",
      });
    const twoNumbers = "+447400123456\n+447400123457\n";
    // header=true: the first row is a header even though it reads as a number.
    for (const flag of ["true", "1"]) {
      expect(expectOk<JobView>(await upload(`header=${flag}`, twoNumbers))).toMatchObject({
        total: 1,
        invalid: 0,
      });
    }
    // header=false: the first row is data even though it reads as a label (and so is refused as invalid).
    const labelled = "name,phone\nAda,+447400123456\n";
    for (const flag of ["false", "0"]) {
      expect(
        expectOk<JobView>(await upload(`header=${flag}&column=1&defaultCountry=gb`, labelled)),
      ).toMatchObject({
        total: 2,
        invalid: 1,
      });
    }
    expectFieldError(await upload("header=yes", twoNumbers), "header", "invalid_value");
  });

  it("a file without the query that says how to read it is refused field by field, and nothing is kept", async () => {
    const c = await apiClient(t);
    const res = await c.call("POST", "/api/v1/jobs?fileName=a.csv", "+447400123456\n", {
      "content-type": "text/csv",
    });
    expectFieldError(res, "service", "invalid_value");
    const list = expectOk<{ items: JobView[] }>(await c.call("GET", "/api/v1/jobs"));
    expect(list.items).toHaveLength(0);
    // A JSON body is checked by the route schema.
    expectFieldError(
      await c.call("POST", "/api/v1/jobs", { service: "basic", numbers: [] }),
      "numbers",
      "too_few",
    );
  });

  it("a test key runs the job in the sandbox: HLR answers from the sandbox, nothing charged", async () => {
    const c = await apiClient(t, { mode: "test", funds: 0n });
    const job = expectOk<JobView>(
      await c.call("POST", "/api/v1/jobs", { service: "hlr", numbers: ["+12025550104"] }),
    );
    expect(job.sandbox).toBe(true);
    await t.app.jobs.worker.drain();
    const done = expectOk<JobView>(await c.call("GET", `/api/v1/jobs/${job.id}`));
    expect(done).toMatchObject({ status: "completed", done: 1, chargedMicros: "0" });
    const items = expectOk<{ items: Item[] }>(await c.call("GET", `/api/v1/jobs/${job.id}/results`));
    expect(items.items[0]!.result?.sandbox).toBe(true);
    expect(await ledgerOf(c.tenantId)).toHaveLength(0);
  });

  it("lists the organisation's API jobs newest first with a cursor", async () => {
    const c = await apiClient(t);
    // A single check is not a job: it is not listed.
    expectOk(await c.call("POST", "/api/v1/check", { service: "basic", number: "+447400123499" }));
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        expectOk<JobView>(
          await c.call("POST", "/api/v1/jobs", { service: "basic", numbers: [`+4474001234${50 + i}`] }),
        ).id,
      );
    const page1 = expectOk<{ items: JobView[]; nextCursor: string | null }>(
      await c.call("GET", "/api/v1/jobs?limit=2"),
    );
    expect(page1.items.map((j) => j.id)).toEqual([ids[2], ids[1]]);
    const page2 = expectOk<{ items: JobView[]; nextCursor: string | null }>(
      await c.call("GET", `/api/v1/jobs?limit=2&cursor=${page1.nextCursor}`),
    );
    expect(page2.items.map((j) => j.id)).toEqual([ids[0]]);
    expect(page2.nextCursor).toBeNull();
    expectFieldError(await c.call("GET", "/api/v1/jobs?cursor=bogus"), "cursor", "invalid");
  });

  it("cancel: queued numbers are not charged and the hold comes back; a second cancel is refused", async () => {
    const c = await apiClient(t);
    const job = expectOk<JobView>(
      await c.call("POST", "/api/v1/jobs", { service: "hlr", numbers: ["+447400123456", "+447400123457"] }),
    );
    const cancelled = expectOk<JobView>(await c.call("DELETE", `/api/v1/jobs/${job.id}`));
    expect(cancelled.status).toBe("cancelled");
    expect(cancelled.chargedMicros).toBe("0");
    expect((await c.billing.verify(c.tenantId)).ok).toBe(true);
    expectError(await c.call("DELETE", `/api/v1/jobs/${job.id}`), 409, 40903);
  });

  it("a balance that does not cover the job: 402, no job left behind", async () => {
    const c = await apiClient(t, { funds: 1n });
    expectError(
      await c.call("POST", "/api/v1/jobs", { service: "basic", numbers: ["+447400123456"] }),
      402,
      40200,
    );
    expect(expectOk<{ items: JobView[] }>(await c.call("GET", "/api/v1/jobs")).items).toHaveLength(0);
  });

  it("security: another organisation's job ids are not found; scopes are enforced per endpoint", async () => {
    const owner = await apiClient(t);
    const other = await apiClient(t);
    const job = expectOk<JobView>(
      await owner.call("POST", "/api/v1/jobs", { service: "basic", numbers: ["+447400123456"] }),
    );
    for (const [method, url] of [
      ["GET", `/api/v1/jobs/${job.id}`],
      ["GET", `/api/v1/jobs/${job.id}/results`],
      ["GET", `/api/v1/jobs/${job.id}/download?format=csv`],
      ["DELETE", `/api/v1/jobs/${job.id}`],
    ] as const)
      expectError(await other.call(method, url), 404, 40400);
    expect(expectOk<{ items: JobView[] }>(await other.call("GET", "/api/v1/jobs")).items).toHaveLength(0);

    const checkOnly = await apiClient(t, { scopes: ["check"] });
    expectError(await checkOnly.call("GET", "/api/v1/jobs"), 403, 40300);
    expectError(
      await checkOnly.call("POST", "/api/v1/jobs", { service: "basic", numbers: ["+447400123456"] }),
      403,
      40300,
    );
    const readOnly = await apiClient(t, { scopes: ["jobs:read"] });
    expectError(
      await readOnly.call("POST", "/api/v1/jobs", { service: "basic", numbers: ["+447400123456"] }),
      403,
      40300,
    );
    expectError(await readOnly.call("DELETE", `/api/v1/jobs/${job.id}`), 403, 40300);
    const anonymous = await t.app.inject({ method: "GET", url: `/api/v1/jobs/${job.id}` });
    expectError(anonymous, 401, 40100);
  });

  it("GET /api/v1/balance answers what is left (scope usage:read)", async () => {
    const c = await apiClient(t, { funds: 5_000_000n });
    expect(
      expectOk<{ balanceMicros: string; currency: string }>(await c.call("GET", "/api/v1/balance")),
    ).toMatchObject({
      balanceMicros: "5000000",
    });
    const checkOnly = await apiClient(t, { scopes: ["check"] });
    expectError(await checkOnly.call("GET", "/api/v1/balance"), 403, 40300);
  });
});

describe("GET /api/v1/usage", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers the organisation's calls per day from the rollups; periods are checked; scope usage:read", async () => {
    const c = await apiClient(t);
    const other = await apiClient(t);
    expectOk(await c.call("POST", "/api/v1/check", { service: "basic", number: "+447400123456" }));
    expectOk(await other.call("POST", "/api/v1/check", { service: "basic", number: "+447400123456" }));
    await t.app.meter.flush();
    const today = new Date().toISOString().slice(0, 10);
    const usage = expectOk<{ days: { day: string; calls: number; numbers: number }[] }>(
      await c.call("GET", `/api/v1/usage?from=${today}&to=${today}`),
    );
    // Its own call only (the organisation's time zone is UTC here).
    expect(usage.days).toEqual([expect.objectContaining({ day: today, calls: 1, numbers: 1 })]);
    expectError(await c.call("GET", "/api/v1/usage?from=2025-01-01&to=2026-12-31"), 400, 40056);
    expectFieldError(await c.call("GET", `/api/v1/usage?from=${today}&to=2020-01-01`), "to", "before_start");
    const checkOnly = await apiClient(t, { scopes: ["check"] });
    expectError(await checkOnly.call("GET", `/api/v1/usage?from=${today}&to=${today}`), 403, 40300);
  });
});
