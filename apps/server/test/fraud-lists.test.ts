import { FRAUD_LIST_MAX } from "@nc/contracts/fraud-lists";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

interface Lists {
  block: { entry: string; note: string }[];
  allow: { entry: string }[];
  max: number;
  added?: number;
}
interface Check {
  result: { fraud: { recommendation: string; reasons: { code: string }[] } };
}

/** A UK mobile, and a UK premium-rate number the fraud shield would flag on its own. */
const MOBILE = "+447400123456";
const PREMIUM = "+449098790000";

describe("fraud block and allow lists", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function org() {
    return fundedTenant(t, 100_000_000n);
  }
  const fraudOf = async (api: ReturnType<typeof inTenant>, number: string) =>
    expectOk<Check>(await api("POST", "/api/tenant/detection/check", { service: "fraud_shield", number }))
      .result.fraud;

  it("entries in any notation are kept normalised, once; a bad one names its place and adds nothing", async () => {
    const { api } = await org();
    const added = expectOk<Lists>(
      await api("POST", "/api/tenant/fraud-list", {
        kind: "block",
        entries: ["+44 7400 123", "0044 7400-123", "+1 (202) 555-0100"],
        note: "chargebacks",
      }),
    );
    expect(added.added).toBe(2);
    expect(added.block.map((e) => e.entry)).toEqual(["+12025550100", "+447400123"]);
    expect(added.block[0]!.note).toBe("chargebacks");
    expect(added.max).toBe(FRAUD_LIST_MAX);

    expectFieldError(
      await api("POST", "/api/tenant/fraud-list", { kind: "allow", entries: ["+33 6 12", "call me"] }),
      "entries.1",
      "invalid_format",
    );
    expect(expectOk<Lists>(await api("GET", "/api/tenant/fraud-list")).allow).toEqual([]);

    const removed = expectOk<Lists>(
      await api("POST", "/api/tenant/fraud-list/remove", { kind: "block", entries: ["+1 202 555 0100"] }),
    );
    expect(removed.block.map((e) => e.entry)).toEqual(["+447400123"]);
  });

  it("the block list blocks, the allow list wins, in single checks and in bulk jobs", async () => {
    const { api } = await org();
    expect((await fraudOf(api, MOBILE)).recommendation).toBe("allow");
    expect((await fraudOf(api, PREMIUM)).recommendation).not.toBe("allow");

    expectOk(await api("POST", "/api/tenant/fraud-list", { kind: "block", entries: ["+447400123"] }));
    expectOk(await api("POST", "/api/tenant/fraud-list", { kind: "allow", entries: [PREMIUM] }));
    const blocked = await fraudOf(api, MOBILE);
    expect(blocked.recommendation).toBe("block");
    expect(blocked.reasons.map((r) => r.code)).toContain("block_listed");
    const allowed = await fraudOf(api, PREMIUM);
    expect(allowed.recommendation).toBe("allow");
    expect(allowed.reasons.map((r) => r.code)).toContain("allow_listed");

    const job = expectOk<{ id: string; status: string }>(
      await api("POST", "/api/tenant/job", {
        service: "fraud_shield",
        numbers: [MOBILE, PREMIUM, "+447400999999"],
      }),
    );
    expect(job.status).toBe("completed");
    const summary = expectOk<{ outcome: { value: string; n: number }[] }>(
      await api("GET", `/api/tenant/job/s/${job.id}/summary`),
    );
    expect(summary.outcome).toEqual(
      expect.arrayContaining([
        { value: "block", n: 1 },
        { value: "allow", n: 2 },
      ]),
    );
  });

  it("a full list refuses more with a clear error; lists are per organisation", async () => {
    const a = await org();
    const b = await org();
    await t.database.db.execute(
      sql`insert into fraud_list_entries (tenant_id, kind, entry)
          select ${a.tenantId}::uuid, 'block', '+1' || lpad(g::text, 10, '0')
          from generate_series(1, ${FRAUD_LIST_MAX}) g`,
    );
    const full = expectError<{ max: number }>(
      await a.api("POST", "/api/tenant/fraud-list", { kind: "block", entries: ["+447400"] }),
      400,
      40051,
    );
    expect(full.data).toEqual({ max: FRAUD_LIST_MAX });
    expect(expectOk<Lists>(await b.api("GET", "/api/tenant/fraud-list")).block).toEqual([]);
    expect((await fraudOf(b.api, MOBILE)).recommendation).toBe("allow");
  });

  it("members may read the lists; only those who manage the organisation change them", async () => {
    const { tenantId } = await org();
    const viewer = inTenant(t, await memberWithRole(t, tenantId, "viewer"), tenantId);
    expectOk(await viewer("GET", "/api/tenant/fraud-list"));
    expectError(
      await viewer("POST", "/api/tenant/fraud-list", { kind: "block", entries: ["+44"] }),
      403,
      40300,
    );
  });
});
