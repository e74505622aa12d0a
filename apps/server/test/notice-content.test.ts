import type { JobView } from "@nc/contracts/jobs";
import { formatMoney } from "@nc/contracts/money";
import type { NoticeItem, NoticePage } from "@nc/contracts/notices";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rechargeService } from "../src/features/recharge/recharge-service";
import { call, expectOk, registerUser } from "./helpers/accounts";
import { apiClient } from "./helpers/api-client";
import { signedEvent, startFakeStripe, stripeEnv } from "./helpers/fake-stripe";
import { createTenant, inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const BANK = "IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX · NumberCheck Ltd";

/** What notices say: where they lead, numbers the reader's way, and that a recharge arrived. */
describe("notice content", () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  beforeAll(async () => {
    fake = await startFakeStripe();
    t = await createTestApp({ ...stripeEnv(fake.url), BANK_TRANSFER_DETAILS: BANK });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  /** The notices of one type a member reads, in a language. */
  async function read(sid: string, tenantId: string, type: string, locale = "en"): Promise<NoticeItem[]> {
    const res = await call(t, "GET", "/api/tenant/notice?pageSize=100", undefined, {
      sid,
      headers: { "x-tenant-id": tenantId, "x-locale": locale },
    });
    return expectOk<NoticePage>(res).data.filter((n) => n.type === type);
  }

  it("a finished job's notice links to the job's own page", async () => {
    const c = await apiClient(t);
    const job = expectOk<JobView>(
      await c.call("POST", "/api/v1/jobs?service=basic&fileName=n.csv", "+447400123456\n+447400123457\n", {
        "content-type": "text/csv",
      }),
    );
    expect(job.status).toBe("completed");
    for (const locale of ["en", "zh-Hans", "es", "pt"]) {
      const [notice, ...more] = await read(c.owner.sid, c.tenantId, "job_completed", locale);
      expect(more).toHaveLength(0);
      expect(notice!.content).toMatch(new RegExp(`\\]\\(/dashboard/history/${job.id}\\)`));
      expect(notice!.content).not.toContain("/dashboard/detection");
    }
  });

  it("counts are written the reader's way", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "Counting Org");
    await t.app.services.notices.notify({
      tenantId,
      type: "job_completed",
      params: {
        jobId: "0190a0b0-0000-7000-8000-000000000001",
        service: "basic",
        done: 11731,
        total: 12000,
        failed: 269,
      },
    });
    const content = async (locale: string) =>
      (await read(owner.sid, tenantId, "job_completed", locale))[0]!.content;
    expect(await content("en")).toContain("11,731 of 12,000 numbers checked, 269 failed");
    expect(await content("es")).toContain("11.731 de 12.000 números verificados, 269 con error");
    expect(await content("pt")).toContain("11.731 de 12.000 números verificados, 269 com falha");
    expect(await content("zh-Hans")).toContain("共 12,000 个号码，已检测 11,731 个");
  });

  it("a confirmed bank transfer tells whoever placed it, once, with amount, balance and receipt", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "Transfer Org");
    const viewer = await memberWithRole(t, tenantId, "viewer");
    const created = expectOk<{ orderId: string; reference: string }>(
      await inTenant(t, owner, tenantId)("POST", "/api/tenant/recharge", {
        method: "bank_transfer",
        amount: "1250",
      }),
    );
    expect(await read(owner.sid, tenantId, "recharge_credited")).toHaveLength(0);

    const recharge = rechargeService(t.database.db, t.app.services.config, t.app.services);
    const operator = { type: "operator" as const, id: "ops" };
    await Promise.all([
      recharge.markPaid(created.orderId, operator),
      recharge.markPaid(created.orderId, operator),
    ]);
    await recharge.markPaid(created.orderId, operator);

    const money = (locale: string) => formatMoney(1_250_000_000n, "USD", locale);
    const [en, ...more] = await read(owner.sid, tenantId, "recharge_credited");
    expect(more).toHaveLength(0);
    expect(en).toMatchObject({
      title: `${money("en")} credited to Transfer Org`,
      content: `Your recharge ${created.reference} of ${money("en")} by bank transfer has been credited; the balance of Transfer Org is now ${money("en")}. See the [receipt](/dashboard/account/receipt/${created.orderId}).`,
    });
    const [zh] = await read(owner.sid, tenantId, "recharge_credited", "zh-Hans");
    expect(zh!.title).toBe(`Transfer Org 已到账 ${money("zh-Hans")}`);
    expect(zh!.content).toContain("银行转账");
    const [es] = await read(owner.sid, tenantId, "recharge_credited", "es");
    expect(es!.title).toBe(`${money("es")} abonados a Transfer Org`);
    expect(es!.content).toContain("por transferencia bancaria");
    const [pt] = await read(owner.sid, tenantId, "recharge_credited", "pt");
    expect(pt!.content).toContain("por transferência bancária");
    expect(pt!.content).toContain(`(/dashboard/account/receipt/${created.orderId})`);
    // Another member did not place the order and is not told.
    expect(await read(viewer.sid, tenantId, "recharge_credited")).toHaveLength(0);
  });

  it("a card payment confirmed by Stripe's webhook tells the member once, even when the event comes again", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "Card Org");
    const created = expectOk<{ orderId: string }>(
      await inTenant(t, owner, tenantId)("POST", "/api/tenant/recharge", { method: "stripe", amount: "40" }),
    );
    const session = fake.sessions.at(-1)!;
    expect(session.metadata.orderId).toBe(created.orderId);
    const event = signedEvent("checkout.session.completed", {
      id: session.id,
      payment_status: "paid",
      amount_total: session.amount_total,
      currency: session.currency,
      metadata: session.metadata,
    });
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/webhooks/stripe",
        payload: event.payload,
        headers: { "content-type": "application/json", "stripe-signature": event.signature },
      });
      expect(res.statusCode).toBe(200);
    }
    const [notice, ...more] = await read(owner.sid, tenantId, "recharge_credited");
    expect(more).toHaveLength(0);
    expect(notice!.content).toContain(
      `of ${formatMoney(40_000_000n, "USD", "en")} by card has been credited`,
    );
    expect(notice!.content).toContain(`(/dashboard/account/receipt/${created.orderId})`);
  });
});
