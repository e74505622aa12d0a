import type { JobView } from "@nc/contracts/jobs";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectionJobs, ledgerEntries } from "../src/db/schema/index";
import { defaultProcessor, type ItemProcessor } from "../src/features/job/process-item";
import { jobWorker } from "../src/features/job/worker";
import { expectError, expectOk } from "./helpers/accounts";
import { apiClient, keyCaller } from "./helpers/api-client";
import { fundedTenant } from "./helpers/billing";
import { submitAsLive } from "./helpers/jobs";
import { inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** Default standard price of the basic check (band 0), in micros. */
const PRICE = 1_000n;
const LIST = ["+447911100001", "07911 100002", "+447911100003", "+447911100001", "+447911100004", "12"];
/** The upstream fails for these two: the worker marks them failed after its attempts. */
const FAILING = new Set(["+447911100002", "+447911100004"]);

interface Draft extends JobView {
  estimate: { unitPriceMicros: string; totalMicros: string; currency: string };
}

describe("checking a job's failed rows again", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const real = defaultProcessor();
  const failing: ItemProcessor = {
    sandbox: () => false,
    process: async (item) => {
      if (FAILING.has(item.e164)) throw new Error("upstream down");
      return real.process({ ...item, service: "basic" });
    },
  };
  const drain = () =>
    jobWorker(t.database.db, t.app.services, t.app.jobs.service, failing, {
      batch: 10,
      concurrency: 2,
      leaseSeconds: 60,
      maxAttempts: 1,
    }).drain();

  const detectionRows = (tenantId: string, jobId: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        and(
          eq(ledgerEntries.tenantId, tenantId),
          eq(ledgerEntries.tradeType, TRADE_TYPES.dataWebDetection),
          eq(ledgerEntries.referenceId, jobId),
        ),
      );

  it("makes a draft of exactly the failed rows, priced before it starts, charged once when submitted", async () => {
    const { tenantId, api, billing } = await fundedTenant(t, 1_000_000n);
    const job = await submitAsLive<JobView>(t, api, {
      service: "basic",
      numbers: LIST,
      defaultCountry: "gb",
    });
    // Still queued: nothing has failed yet, and nothing is final.
    expectError(await api("POST", `/api/tenant/job/s/${job.id}/retry-failed`), 409, 40908);
    await drain();
    expect(expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`))).toMatchObject({
      status: "completed",
      done: 2,
      failed: 2,
      duplicates: 1,
      invalid: 1,
    });

    const retry = expectOk<Draft>(await api("POST", `/api/tenant/job/s/${job.id}/retry-failed`));
    expect(retry).toMatchObject({
      status: "draft",
      service: "basic",
      kind: "list",
      channel: "web",
      total: 2,
      chargeable: 2,
      duplicates: 0,
      invalid: 0,
      estimate: { unitPriceMicros: String(PRICE), totalMicros: String(2n * PRICE) },
    });
    expect(retry.id).not.toBe(job.id);
    // The rows as they were entered (a national number read with the job's default country).
    const items = expectOk<{ items: { seq: number; input: string; e164: string }[] }>(
      await api("GET", `/api/tenant/job/s/${retry.id}/items?limit=10`),
    ).items;
    expect(items.map((i) => [i.input, i.e164])).toEqual([
      ["07911 100002", "+447911100002"],
      ["+447911100004", "+447911100004"],
    ]);
    // A draft holds no funds.
    expect(await detectionRows(tenantId, retry.id)).toHaveLength(0);

    const submitted = expectOk<JobView>(await api("POST", `/api/tenant/job/s/${retry.id}/submit`));
    expect(submitted).toMatchObject({ status: "completed", done: 2, chargedMicros: String(2n * PRICE) });
    expectError(await api("POST", `/api/tenant/job/s/${retry.id}/submit`), 409, 40904);
    const rows = await detectionRows(tenantId, retry.id);
    expect(rows.map((r) => [r.amountMicros, r.quantity])).toEqual([[-2n * PRICE, 2]]);
    expect(await billing.verify(tenantId)).toEqual({
      balanceMicros: 1_000_000n - 4n * PRICE,
      ledgerSum: 1_000_000n - 4n * PRICE,
      ok: true,
    });
    // The source job is left as it was.
    expect(expectOk<JobView>(await api("GET", `/api/tenant/job/s/${job.id}`))).toMatchObject({
      failed: 2,
      chargedMicros: String(2n * PRICE),
    });
  });

  it("refuses a job with no failed rows, a draft, another organisation's job and a member who cannot create jobs", async () => {
    const { tenantId, api } = await fundedTenant(t, 1_000_000n);
    const clean = expectOk<JobView>(
      await api("POST", "/api/tenant/job", { service: "basic", numbers: ["+447911100011", "+447911100012"] }),
    );
    expect(clean).toMatchObject({ status: "completed", failed: 0 });
    expectError(await api("POST", `/api/tenant/job/s/${clean.id}/retry-failed`), 409, 40909);

    const draft = expectOk<{ id: string }>(
      await api("POST", "/api/tenant/job", { service: "basic", numbers: ["+447911100013"], draft: true }),
    );
    expectError(await api("POST", `/api/tenant/job/s/${draft.id}/retry-failed`), 409, 40908);

    const failedJob = await submitAsLive<JobView>(t, api, {
      service: "basic",
      numbers: ["+447911100002", "+447911100021"],
    });
    await drain();

    const other = await fundedTenant(t, 1_000_000n);
    expectError(await other.api("POST", `/api/tenant/job/s/${failedJob.id}/retry-failed`), 404, 40400);

    // A viewer reads the job but may not start one.
    const viewer = await memberWithRole(t, tenantId, "viewer");
    const asViewer = inTenant(t, viewer, tenantId);
    expect(expectOk<JobView>(await asViewer("GET", `/api/tenant/job/s/${failedJob.id}`)).failed).toBe(1);
    expectError(await asViewer("POST", `/api/tenant/job/s/${failedJob.id}/retry-failed`), 403, 40300);
    // Nothing was made by the refusals (drafts included): the organisation's jobs are the three above.
    const jobs = await t.database.db
      .select({ id: detectionJobs.id })
      .from(detectionJobs)
      .where(eq(detectionJobs.tenantId, tenantId));
    expect(jobs.map((j) => j.id).sort()).toEqual([clean.id, draft.id, failedJob.id].sort());
  });

  it("the public API submits the failed rows at once, charged to the key; it needs jobs:write", async () => {
    const c = await apiClient(t, { funds: 1_000_000n });
    const job = await submitAsLive<JobView>(t, c.dashboard, {
      service: "basic",
      numbers: ["+447911100002", "+447911100031", "+447911100004"],
    });
    await drain();
    const retry = expectOk<JobView>(await c.call("POST", `/api/v1/jobs/${job.id}/retry-failed`));
    expect(retry).toMatchObject({
      channel: "api",
      status: "completed",
      total: 2,
      done: 2,
      chargedMicros: String(2n * PRICE),
    });
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, c.tenantId), eq(ledgerEntries.referenceId, retry.id)));
    expect(rows.map((r) => [r.tradeType, r.amountMicros, r.actorType, r.actorId])).toEqual([
      [TRADE_TYPES.dataApiDetection, -2n * PRICE, "api_key", c.key.id],
    ]);
    expectError(await c.call("POST", `/api/v1/jobs/${retry.id}/retry-failed`), 409, 40909);

    const reader = expectOk<{ secret: string }>(
      await c.dashboard("POST", "/api/tenant/apikey", {
        name: "reader",
        scopes: ["jobs:read"],
        mode: "live",
      }),
    );
    expectError(await keyCaller(t, reader.secret)("POST", `/api/v1/jobs/${job.id}/retry-failed`), 403, 40300);
    const stranger = await apiClient(t);
    expectError(await stranger.call("POST", `/api/v1/jobs/${job.id}/retry-failed`), 404, 40400);
  });
});
