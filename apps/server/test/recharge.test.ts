import type { RechargeOrder, RechargeReceipt } from "@nc/contracts/recharge";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rechargeCommands } from "../src/cli/commands/recharge";
import { runCommand as runParsed } from "../src/cli/registry";
import { auditEvents, ledgerEntries, rechargeOrders } from "../src/db/schema/index";
import { normaliseReference } from "../src/features/recharge/recharge-service";
import { type Account, expectFieldError, expectOk, registerUser } from "./helpers/accounts";
import { capturingIo, runCommand } from "./helpers/cli";
import { createTenant, expectCode, inTenant, memberWithRole } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const BANK = "IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX · NumberCheck Ltd";

/** Bank-transfer recharge orders through the API, confirmed or rejected by the operator command. */
describe("recharge orders", () => {
  let t: TestApp;
  let owner: Account;
  let tenantId: string;
  let api: ReturnType<typeof inTenant>;

  beforeAll(async () => {
    t = await createTestApp({ BANK_TRANSFER_DETAILS: BANK, RECHARGE_MIN: "5", RECHARGE_MAX: "1000" });
    owner = await registerUser(t);
    tenantId = await createTenant(t, owner, "Recharge Org");
    api = inTenant(t, owner, tenantId);
  });
  afterAll(() => t.close());

  const cli = (action: string, values: Record<string, string>) =>
    runCommand(t, rechargeCommands, action, values);

  const bankOrder = async (amount = "100") =>
    expectOk<{ orderId: string; reference: string; bankDetails: string; order: RechargeOrder }>(
      await api("POST", "/api/tenant/recharge", { method: "bank_transfer", amount }),
    );

  it("offers the methods, limits and presets of the settings", async () => {
    const options = expectOk<{
      methods: string[];
      minMicros: string;
      maxMicros: string;
      presets: string[];
      bankDetails: string;
      currency: string;
    }>(await api("GET", "/api/tenant/recharge/options"));
    expect(options).toMatchObject({
      methods: ["bank_transfer"],
      minMicros: "5000000",
      maxMicros: "1000000000",
      presets: ["10", "50", "100", "500", "1000"],
      bankDetails: BANK,
      currency: "USD",
    });
  });

  it("creates a pending bank transfer with a readable reference, the bank details and an expiry", async () => {
    const created = await bankOrder("100.50");
    expect(created.reference).toMatch(/^NC-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(created.bankDetails).toBe(BANK);
    expect(created.order).toMatchObject({
      status: "pending",
      method: "bank_transfer",
      amountMicros: "100500000",
      currency: "USD",
    });
    const days = (Date.parse(created.order.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThan(14.1);
    expect(
      expectOk<RechargeOrder>(await api("GET", `/api/tenant/recharge/s/${created.orderId}`)).reference,
    ).toBe(created.reference);
  });

  it("refuses amounts outside the limits or with more than two decimals", async () => {
    expectFieldError(
      await api("POST", "/api/tenant/recharge", { method: "bank_transfer", amount: "4.99" }),
      "amount",
      "amount_range",
    );
    expectFieldError(
      await api("POST", "/api/tenant/recharge", { method: "bank_transfer", amount: "1000.01" }),
      "amount",
      "amount_range",
    );
    expectFieldError(
      await api("POST", "/api/tenant/recharge", { method: "bank_transfer", amount: "10.001" }),
      "amount",
      "amount_invalid",
    );
    expectFieldError(
      await api("POST", "/api/tenant/recharge", { method: "bank_transfer", amount: "-10" }),
      "amount",
      "amount_invalid",
    );
    expectCode(await api("POST", "/api/tenant/recharge", { method: "paypal", amount: "10" }), 400, 40001);
  });

  it("lists newest first; cancels pending orders only", async () => {
    const first = await bankOrder("10");
    const second = await bankOrder("20");
    const list = expectOk<RechargeOrder[]>(await api("GET", "/api/tenant/recharge"));
    expect(list.slice(0, 2).map((o) => o.id)).toEqual([second.orderId, first.orderId]);
    expect(
      expectOk<RechargeOrder>(await api("POST", `/api/tenant/recharge/s/${first.orderId}/cancel`)).status,
    ).toBe("cancelled");
    expectCode(await api("POST", `/api/tenant/recharge/s/${first.orderId}/cancel`), 409, 40902);
  });

  it("expires a pending order past its time", async () => {
    const created = await bankOrder("10");
    await t.database.db
      .update(rechargeOrders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rechargeOrders.id, created.orderId));
    expect(
      expectOk<RechargeOrder>(await api("GET", `/api/tenant/recharge/s/${created.orderId}`)).status,
    ).toBe("expired");
  });

  it("the operator confirms by reference once: balance, ledger row (trade type 4), receipt", async () => {
    const billing = t.app.services.billing;
    const before = (await billing.balance(tenantId)).balanceMicros;
    const created = await bankOrder("250");
    expectCode(await api("GET", `/api/tenant/recharge/s/${created.orderId}/receipt`), 404, 40400);

    const typed = created.reference.toLowerCase().replace(/-/g, " ");
    expect(normaliseReference(typed)).toBe(created.reference);
    const confirm = await cli("confirm", { reference: typed, note: "Wire 2026-11-22" });
    expect(confirm.code).toBe(0);
    expect(confirm.out).toContain("Confirmed");
    const again = await cli("confirm", { reference: created.reference });
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain("already paid");

    const order = expectOk<RechargeOrder>(await api("GET", `/api/tenant/recharge/s/${created.orderId}`));
    expect(order).toMatchObject({ status: "paid", note: "Wire 2026-11-22" });
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.referenceId, created.orderId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tradeType: TRADE_TYPES.recharge,
      amountMicros: 250_000_000n,
      actorType: "operator",
    });
    expect((await billing.balance(tenantId)).balanceMicros).toBe(before + 250_000_000n);
    expect((await billing.verify(tenantId)).ok).toBe(true);

    const receipt = expectOk<RechargeReceipt>(
      await api("GET", `/api/tenant/recharge/s/${created.orderId}/receipt`),
    );
    expect(receipt).toMatchObject({
      order: { id: created.orderId, status: "paid", reference: created.reference },
      tenant: { id: tenantId, name: "Recharge Org" },
      brand: { name: "NumberCheck" },
      balanceAfterMicros: rows[0]!.balanceAfterMicros.toString(),
    });
    // Paid orders cannot be cancelled or rejected.
    expectCode(await api("POST", `/api/tenant/recharge/s/${created.orderId}/cancel`), 409, 40902);
    expect((await cli("reject", { reference: created.reference })).code).toBe(1);
  });

  it("the operator credits what arrived when it differs from the order, once", async () => {
    const billing = t.app.services.billing;
    const before = (await billing.balance(tenantId)).balanceMicros;
    const created = await bankOrder("75.50");
    const confirm = await cli("confirm", { reference: created.reference, received: "74.20" });
    expect(confirm.code).toBe(0);
    expect(confirm.out).toContain(`Confirmed: ${created.reference} received $74.20 (ordered $75.50)`);
    expect((await billing.balance(tenantId)).balanceMicros).toBe(before + 74_200_000n);

    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.referenceId, created.orderId));
    expect(rows.map((r) => r.amountMicros)).toEqual([74_200_000n]);
    const order = expectOk<RechargeOrder>(await api("GET", `/api/tenant/recharge/s/${created.orderId}`));
    expect(order).toMatchObject({ status: "paid", amountMicros: "75500000", receivedMicros: "74200000" });
    const receipt = expectOk<RechargeReceipt>(
      await api("GET", `/api/tenant/recharge/s/${created.orderId}/receipt`),
    );
    expect(receipt.order.receivedMicros).toBe("74200000");
    expect(receipt.balanceAfterMicros).toBe(rows[0]!.balanceAfterMicros.toString());

    // The newest notice; the body escapes markdown characters, so it is read without backslashes.
    const notices = expectOk<{ data: { type: string; title: string; content: string }[] }>(
      await api("GET", "/api/tenant/notice"),
    );
    const notice = notices.data[0]!;
    expect(notice.type).toBe("recharge_credited");
    expect(notice.title).toContain("$74.20");
    const content = notice.content.replace(/\\/g, "");
    expect(content).toContain(`${created.reference} of $74.20`);
    expect(content).not.toContain("$75.50");
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, created.orderId));
    expect(audit).toMatchObject({
      action: "recharge.confirmed",
      details: { amountMicros: "75500000", receivedMicros: "74200000", currency: "USD" },
    });

    // A second confirm, with or without another amount, credits nothing.
    const again = await cli("confirm", { reference: created.reference, received: "75.50" });
    expect(again.code).toBe(0);
    expect(again.out).toContain("already paid");
    expect((await billing.balance(tenantId)).balanceMicros).toBe(before + 74_200_000n);
    expect((await billing.verify(tenantId)).ok).toBe(true);
  });

  it("confirms without --received as ordered; concurrent confirms with different amounts credit once", async () => {
    const plain = await bankOrder("12");
    expect((await cli("confirm", { reference: plain.reference })).out).toContain(
      `Confirmed: ${plain.reference} $12.00 for tenant`,
    );
    expect(
      expectOk<RechargeOrder>(await api("GET", `/api/tenant/recharge/s/${plain.orderId}`)).receivedMicros,
    ).toBe("12000000");
    const pending = await bankOrder("13");
    expect(
      expectOk<RechargeOrder>(await api("GET", `/api/tenant/recharge/s/${pending.orderId}`)).receivedMicros,
    ).toBeNull();

    const raced = await bankOrder("20");
    const results = await Promise.all(
      ["19.90", "20", "19.50"].map((received) => cli("confirm", { reference: raced.reference, received })),
    );
    expect(results.map((r) => r.code)).toEqual([0, 0, 0]);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.referenceId, raced.orderId));
    expect(rows).toHaveLength(1);
    const order = expectOk<RechargeOrder>(await api("GET", `/api/tenant/recharge/s/${raced.orderId}`));
    expect(order.receivedMicros).toBe(rows[0]!.amountMicros.toString());
  });

  it("refuses an invalid --received with exit 2 and credits nothing", async () => {
    const created = await bankOrder("10");
    const command = rechargeCommands.find((c) => c.action === "confirm")!;
    for (const received of ["0", "-5", "abc", "10,50", ""]) {
      const { io, out } = capturingIo();
      const code = await runParsed(
        { command, values: { reference: created.reference, received } },
        { config: t.app.services.config, io, operator: "rita", database: t.database },
      );
      expect(code).toBe(2);
      expect(out()).toContain("--received must be a positive decimal");
    }
    expect(
      expectOk<RechargeOrder>(await api("GET", `/api/tenant/recharge/s/${created.orderId}`)).status,
    ).toBe("pending");
  });

  it("the operator rejects a transfer; a rejected order cannot be confirmed; unknown references fail", async () => {
    const created = await bankOrder("30");
    const reject = await cli("reject", { reference: created.reference, note: "no transfer arrived" });
    expect(reject.code).toBe(0);
    expect(
      expectOk<RechargeOrder>(await api("GET", `/api/tenant/recharge/s/${created.orderId}`)).status,
    ).toBe("failed");
    expect((await cli("confirm", { reference: created.reference })).code).toBe(1);
    expect((await cli("confirm", { reference: "NC-2222-2222" })).code).toBe(1);
  });

  it("a confirm racing itself credits once", async () => {
    const created = await bankOrder("40");
    const results = await Promise.all(
      Array.from({ length: 5 }, () => cli("confirm", { reference: created.reference })),
    );
    expect(results.every((r) => r.code === 0)).toBe(true);
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.referenceId, created.orderId));
    expect(rows).toHaveLength(1);
  });

  it("a Viewer reads orders but cannot create or cancel them", async () => {
    const viewer = await memberWithRole(t, tenantId, "viewer");
    const asViewer = inTenant(t, viewer, tenantId);
    const created = await bankOrder("10");
    expectCode(
      await asViewer("POST", "/api/tenant/recharge", { method: "bank_transfer", amount: "10" }),
      403,
      40300,
    );
    expectCode(await asViewer("POST", `/api/tenant/recharge/s/${created.orderId}/cancel`), 403, 40300);
  });
});
