import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { SingleCheckView } from "@nc/contracts/detection-single";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ledgerEntries } from "../../src/db/schema/index";
import { expectOk } from "../helpers/accounts";
import { apiClient, keyCaller } from "../helpers/api-client";
import { createTestApp, type TestApp } from "../helpers/test-app";

const CHECK = { service: "basic", number: "+447400123456" };

/**
 * A stored Idempotency-Key answer belongs to the API key (and so the mode) that sent it: a live
 * call never replays a sandbox answer at cost 0 (docs/security.md).
 */
describe("security: Idempotency-Key answers are scoped by key mode and API key", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function keys() {
    const live = await apiClient(t, { mode: "live" });
    const made = expectOk<ApiKeyCreatedView>(
      await live.dashboard("POST", "/api/tenant/apikey", {
        name: "sandbox",
        scopes: ["check", "jobs:write", "jobs:read"],
        mode: "test",
      }),
    );
    const sandbox = keyCaller(t, made.secret);
    const test = (url: string, payload: object, headers: Record<string, string>) =>
      sandbox("POST", url, payload, headers);
    return { live, test };
  }

  const charges = (tenantId: string, tradeType: number) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.tradeType, tradeType)));

  it("a test key's answer is not replayed to a live key: the live call runs and is charged", async () => {
    const { live, test } = await keys();
    const sandbox = await test("/api/v1/check", CHECK, { "idempotency-key": "order-7" });
    const sandboxView = expectOk<SingleCheckView>(sandbox);
    expect(sandboxView).toMatchObject({ sandbox: true, costMicros: "0" });

    const real = await live.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "order-7" });
    expect(real.headers["idempotent-replayed"]).toBeUndefined();
    const realView = expectOk<SingleCheckView>(real);
    expect(realView.sandbox).toBe(false);
    expect(BigInt(realView.costMicros)).toBeGreaterThan(0n);
    expect(realView.jobId).not.toBe(sandboxView.jobId);
    const rows = await charges(live.tenantId, TRADE_TYPES.checkNumberApi);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.amountMicros).toBe(-BigInt(realView.costMicros));

    // Each key still replays its own answer.
    const liveAgain = await live.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "order-7" });
    expect(liveAgain.headers["idempotent-replayed"]).toBe("true");
    expect(expectOk<SingleCheckView>(liveAgain).jobId).toBe(realView.jobId);
    const testAgain = await test("/api/v1/check", CHECK, { "idempotency-key": "order-7" });
    expect(testAgain.headers["idempotent-replayed"]).toBe("true");
    expect(expectOk<SingleCheckView>(testAgain)).toEqual(sandboxView);
    expect(await charges(live.tenantId, TRADE_TYPES.checkNumberApi)).toHaveLength(1);
  });

  it("a live key after a test key with the same Idempotency-Key makes its own job and holds its funds", async () => {
    const { live, test } = await keys();
    const list = { service: "basic", numbers: ["+447400123456", "+447400123457"] };
    const sandboxJob = expectOk<{ id: string }>(
      await test("/api/v1/jobs", list, { "idempotency-key": "job-7" }),
    );
    const liveJob = await live.call("POST", "/api/v1/jobs", list, { "idempotency-key": "job-7" });
    expect(liveJob.headers["idempotent-replayed"]).toBeUndefined();
    expect(expectOk<{ id: string }>(liveJob).id).not.toBe(sandboxJob.id);
    expect(await charges(live.tenantId, TRADE_TYPES.dataApiDetection)).toHaveLength(1);
  });

  it("two live keys of one organisation with the same Idempotency-Key are two requests", async () => {
    const { live } = await keys();
    const other = expectOk<ApiKeyCreatedView>(
      await live.dashboard("POST", "/api/tenant/apikey", { name: "second", scopes: ["check"], mode: "live" }),
    );
    expectOk(await live.call("POST", "/api/v1/check", CHECK, { "idempotency-key": "shared" }));
    const second = await keyCaller(t, other.secret)("POST", "/api/v1/check", CHECK, {
      "idempotency-key": "shared",
    });
    expect(second.headers["idempotent-replayed"]).toBeUndefined();
    expectOk(second);
    expect(await charges(live.tenantId, TRADE_TYPES.checkNumberApi)).toHaveLength(2);
  });
});
