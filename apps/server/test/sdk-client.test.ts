import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Job, NumcheckError } from "../../../packages/sdk/src/index";
import { fileFromPath } from "../../../packages/sdk/src/node";
import { apiClient } from "./helpers/api-client";
import { asError, listeningOrigin, refusingProxy, sdkClient, unexpected } from "./helpers/sdk";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** The project's own SDK (packages/sdk) against the app on a real port. */
// Each test drives several real HTTP round trips; the hooks build an app on its own database.
const SLOW = 120_000;

describe("@numcheck/sdk against the server", { timeout: SLOW }, () => {
  let t: TestApp;
  let origin: string;
  let folder: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = await listeningOrigin(t);
    folder = mkdtempSync(join(tmpdir(), "nc-sdk-"));
  }, SLOW);
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await t.close();
  });

  it("checks one number and a batch, charged once each", async () => {
    const c = await apiClient(t);
    const nc = sdkClient(origin, c.secret);
    const answer = await nc.check.number({ service: "basic", number: "+44 7400 123456" });
    expect(answer.service).toBe("basic");
    expect(answer.result.basic.e164).toBe("+447400123456");
    expect(answer.sandbox).toBe(false);

    const batch = await nc.check.batch({ service: "basic", numbers: ["+447400123457", "12"] });
    expect(batch.items.map((i) => [i.number, i.ok])).toEqual([
      ["+447400123457", true],
      ["12", true],
    ]);
    const first = batch.items[0]!;
    expect(first.ok && first.data.result.basic.valid).toBe(true);
    const balance = await nc.balance.get();
    const spent = 1_000_000_000n - BigInt(balance.balanceMicros);
    expect(spent).toBe(BigInt(answer.costMicros) + BigInt(first.ok ? first.data.costMicros : "0"));
  });

  it("throws NumcheckError with the envelope's code, message, fields and status", async () => {
    const c = await apiClient(t, { scopes: ["check"] });
    const nc = sdkClient(origin, c.secret, { locale: "es" });
    const invalid = await nc.check.batch({ service: "basic", numbers: [] }).then(unexpected, asError);
    expect(invalid).toBeInstanceOf(NumcheckError);
    expect(invalid).toMatchObject({ kind: "api", status: 400, code: 40001 });
    expect(invalid.fields).toEqual([{ field: "numbers", reason: "too_few", message: expect.any(String) }]);
    // The message follows the client's locale (Accept-Language).
    const english = await sdkClient(origin, c.secret)
      .check.batch({ service: "basic", numbers: [] })
      .then(unexpected, asError);
    expect(invalid.message).not.toBe(english.message);

    const forbidden = await nc.jobs.list().then(unexpected, asError);
    expect(forbidden).toMatchObject({ status: 403, code: 40300 });
    const unknownKey = await sdkClient(origin, `${c.secret}x`).balance.get().then(unexpected, asError);
    expect(unknownKey).toMatchObject({ status: 401, code: 40101 });
  });

  it("uploads a file from its path with progress, polls the job to its end and reads every result", async () => {
    const c = await apiClient(t, { mode: "test", funds: 0n });
    const nc = sdkClient(origin, c.secret);
    const path = join(folder, "numbers.csv");
    const rows = ["phone", "+12025550104", "+12025550100", "+12025550104", "not a number", "+447400123456"];
    writeFileSync(path, `${rows.join("\n")}\n`);
    const progress: number[] = [];
    const file = await fileFromPath(path);
    const job = await nc.jobs.upload(file, { service: "hlr", onProgress: ({ sent }) => progress.push(sent) });
    expect(job).toMatchObject({
      kind: "file",
      fileName: "numbers.csv",
      sandbox: true,
      total: 5,
      duplicates: 1,
    });
    expect(progress.at(-1)).toBe(file.size);

    const seen: string[] = [];
    const waited = nc.jobs.wait(job.id, { intervalMs: 20, onProgress: (j) => seen.push(j.status) });
    await t.app.jobs.worker.drain();
    const done = await waited;
    expect(done).toMatchObject({ id: job.id, status: "completed", done: 3, chargedMicros: "0" });
    expect(seen.at(-1)).toBe("completed");

    const items = [];
    for await (const item of nc.jobs.resultsAll(job.id, { limit: 2 })) items.push(item);
    expect(items.map((i) => i.seq)).toEqual([0, 1, 2, 3, 4]);
    expect(items.filter((i) => i.status === "done").every((i) => i.result?.sandbox)).toBe(true);
    const rejected = await nc.jobs.results(job.id, { status: "rejected" });
    expect(rejected.items.map((i) => i.rejectReason?.split(":")[0])).toEqual(["duplicate", "invalid"]);

    const csv = await nc.jobs.download(job.id, { format: "csv" });
    expect(csv.contentType).toContain("text/csv");
    expect(csv.fileName).toMatch(/\.csv$/);
    const text = new TextDecoder().decode(await csv.arrayBuffer());
    expect(text).toContain("+12025550100");
    const xlsx = await nc.jobs.download(job.id, { format: "xlsx", rejected: true });
    expect(new Uint8Array(await xlsx.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]));
  });

  it("uploads a Node.js stream, a Blob and a string", async () => {
    const c = await apiClient(t);
    const nc = sdkClient(origin, c.secret);
    const fromStream = await nc.jobs.upload(Readable.from([Buffer.from("+447400123456\n+447400123457\n")]), {
      service: "basic",
      fileName: "a.csv",
    });
    expect(fromStream).toMatchObject({ kind: "file", total: 2, status: "completed" });
    const fromBlob = await nc.jobs.upload(new File(["name,phone\nAda,+447400123458\n"], "b.csv"), {
      service: "basic",
      column: 1,
      header: true,
    });
    expect(fromBlob).toMatchObject({ fileName: "b.csv", total: 1 });
    const fromText = await nc.jobs.upload("+447400123459\n", { service: "basic", fileName: "c.txt" });
    expect(fromText).toMatchObject({ fileName: "c.txt", total: 1 });
  });

  it("lists jobs page by page and over every page", async () => {
    const c = await apiClient(t);
    const nc = sdkClient(origin, c.secret);
    const made: Job[] = [];
    for (let i = 0; i < 5; i++)
      made.push(await nc.jobs.create({ service: "basic", numbers: [`+4474001234${60 + i}`] }));
    const page = await nc.jobs.list({ limit: 2 });
    expect(page.items.map((j) => j.id)).toEqual([made[4]!.id, made[3]!.id]);
    expect(page.nextCursor).toEqual(expect.any(String));
    const all: string[] = [];
    for await (const job of nc.jobs.listAll({ limit: 2 })) all.push(job.id);
    expect(all).toEqual(made.map((j) => j.id).reverse());
  });

  it("cancels a job and checks its failed rows again", async () => {
    const c = await apiClient(t);
    const nc = sdkClient(origin, c.secret);
    const job = await nc.jobs.create({ service: "hlr", numbers: ["+447400123456"] });
    expect((await nc.jobs.cancel(job.id)).status).toBe("cancelled");
    const closed = await nc.jobs.cancel(job.id).then(unexpected, asError);
    expect(closed).toMatchObject({ status: 409, code: 40903 });
    const none = await nc.jobs.retryFailed(job.id).then(unexpected, asError);
    expect(none).toMatchObject({ status: 409, code: 40909 });
    const missing = await nc.jobs.get("00000000-0000-4000-8000-000000000000").then(unexpected, asError);
    expect(missing).toMatchObject({ status: 404, code: 40400 });
  });

  it("reads usage, balance, coverage, receipts and statements", async () => {
    const c = await apiClient(t);
    const nc = sdkClient(origin, c.secret);
    const today = new Date().toISOString().slice(0, 10);
    const usage = await nc.usage.get({ from: today, to: today });
    expect(usage.currency).toMatch(/^[A-Z]{3}$/);
    expect((await nc.balance.get()).balanceMicros).toBe("1000000000");
    const coverage = await nc.coverage.get({ country: "GB" });
    expect(coverage.countries.map((country) => country.country)).toEqual(["GB"]);
    expect((await nc.receipts.list()).items).toEqual(expect.any(Array));
    const { months } = await nc.statements.list();
    expect(months.length).toBeGreaterThan(0);
    const pdf = await nc.statements.download(months[0]!);
    expect(pdf.contentType).toBe("application/pdf");
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
  });

  it("finds a failed call in the request log by the request id its error carries", async () => {
    const c = await apiClient(t);
    const nc = sdkClient(origin, c.secret);
    const missing = await nc.jobs.get("00000000-0000-4000-8000-000000000001").then(unexpected, asError);
    expect(missing.status).toBe(404);
    expect(missing.requestId).toEqual(expect.any(String));
    for (let i = 0; i < 3; i++) await nc.balance.get();
    await t.app.meter.flush();
    const [logged] = (await nc.requests.list({ requestId: missing.requestId! })).items;
    expect(logged).toMatchObject({
      status: 404,
      errorCode: 40400,
      method: "GET",
      requestId: missing.requestId,
    });
    const page = await nc.requests.list({ limit: 2 });
    expect(page.items).toHaveLength(2);
    const all = [];
    for await (const request of nc.requests.listAll({ limit: 2 })) all.push(request.requestId);
    expect(all).toHaveLength(4);
    expect(all).toContain(missing.requestId);
  });

  it("replays a POST sent again with its Idempotency-Key: one job, charged once", async () => {
    const c = await apiClient(t);
    const nc = sdkClient(origin, c.secret);
    const body = { service: "basic" as const, numbers: ["+447400123470", "+447400123471"] };
    const first = await nc.jobs.create(body, { idempotencyKey: "order-1" });
    const balance = (await nc.balance.get()).balanceMicros;
    const again = await nc.jobs.create(body, { idempotencyKey: "order-1" });
    expect(again).toEqual(first);
    expect((await nc.balance.get()).balanceMicros).toBe(balance);
    expect((await nc.jobs.list()).items).toHaveLength(1);
    const reused = await nc.jobs
      .create({ ...body, numbers: ["+447400123472"] }, { idempotencyKey: "order-1" })
      .then(unexpected, asError);
    expect(reused).toMatchObject({ status: 422, code: 42200 });
  });

  it("retries a 429 after its Retry-After (seconds or a date) with the same Idempotency-Key, charged once", async () => {
    const c = await apiClient(t);
    const direct = sdkClient(origin, c.secret);
    for (const retryAfter of [() => "1", () => new Date(Date.now() + 1_500).toUTCString()]) {
      const proxy = await refusingProxy(origin, 2, retryAfter);
      try {
        const before = BigInt((await direct.balance.get()).balanceMicros);
        const nc = sdkClient(proxy.origin, c.secret, { maxRetries: 2 });
        const answer = await nc.check.number({ service: "basic", number: "+447400123480" });
        expect(answer.result.basic.e164).toBe("+447400123480");
        expect(BigInt((await direct.balance.get()).balanceMicros)).toBe(before - BigInt(answer.costMicros));
        expect(proxy.seen).toHaveLength(3);
        const keys = new Set(proxy.seen.map((s) => s.headers["idempotency-key"]));
        expect(keys.size).toBe(1);
        expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
        // Each wait is what the answer asked for (a date is read to the second: at least 0.5 s).
        expect(proxy.seen[1]!.at - proxy.seen[0]!.at).toBeGreaterThanOrEqual(490);
        expect(proxy.seen[2]!.at - proxy.seen[1]!.at).toBeGreaterThanOrEqual(490);
      } finally {
        await proxy.close();
      }
    }
    // Out of retries: the 429 comes back as a NumcheckError with its Retry-After.
    const proxy = await refusingProxy(origin, 5, () => "0");
    try {
      const error = await sdkClient(proxy.origin, c.secret, { maxRetries: 1 })
        .balance.get()
        .then(unexpected, asError);
      expect(error).toMatchObject({ status: 429, code: 42900, retryAfter: 0 });
      expect(proxy.seen).toHaveLength(2);
    } finally {
      await proxy.close();
    }
  });
});

describe("@numcheck/sdk and the server's own rate limit", { timeout: SLOW }, () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp({ API_RATE_PER_KEY: "1" });
    origin = await listeningOrigin(t);
  }, SLOW);
  afterAll(() => t.close());

  it("reads the server's 429 and its Retry-After", async () => {
    const c = await apiClient(t);
    const nc = sdkClient(origin, c.secret, { maxRetries: 0 });
    await nc.balance.get();
    const error = await nc.balance.get().then(unexpected, asError);
    expect(error).toMatchObject({ kind: "api", status: 429, code: 42900 });
    expect(error.retryAfter).toBeGreaterThan(0);
    expect(error.retryAfter).toBeLessThanOrEqual(60);
  });
});
