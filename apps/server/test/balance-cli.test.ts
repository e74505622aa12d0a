import { TRADE_TYPES, WELCOME_CREDIT_REFERENCE } from "@nc/contracts/trade-types";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageError } from "../src/cli/command";
import { balanceCommands } from "../src/cli/commands/balance";
import { accounts, ledgerEntries } from "../src/db/schema/index";
import { registerUser } from "./helpers/accounts";
import { runCommand } from "./helpers/cli";
import { createTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** The operator's balance commands, run as the CLI runs them, on the test database. */
describe("balance commands", () => {
  let t: TestApp;
  let tenantId: string;
  beforeAll(async () => {
    t = await createTestApp();
    tenantId = await createTenant(t, await registerUser(t), "Operator Org");
  });
  afterAll(() => t.close());

  const run = (action: string, values: Record<string, string>) =>
    runCommand(t, balanceCommands, action, values);

  const entries = () =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.tenantId, tenantId))
      .orderBy(ledgerEntries.createdAt);

  it("add (2), sub (3) and refund (10) post ledger rows with the reason; show says OK", async () => {
    expect((await run("add", { tenant: tenantId, amount: "10.00", reason: "goodwill" })).code).toBe(0);
    expect((await run("sub", { tenant: tenantId, amount: "2.50", reason: "correction" })).code).toBe(0);
    expect((await run("refund", { tenant: tenantId, amount: "1", reason: "failed job" })).code).toBe(0);
    const rows = await entries();
    expect(rows.map((r) => [r.tradeType, r.amountMicros, r.note, r.actorType])).toEqual([
      [TRADE_TYPES.add, 10_000_000n, "goodwill", "operator"],
      [TRADE_TYPES.sub, -2_500_000n, "correction", "operator"],
      [TRADE_TYPES.refund, 1_000_000n, "failed job", "operator"],
    ]);
    const show = await run("show", { tenant: tenantId });
    expect(show.code).toBe(0);
    expect(show.out).toContain("Balance    8.50 USD");
    expect(show.out).toContain("Ledger sum 8.50 USD");
    expect(show.out).toMatch(/\nOK$/);
  });

  it("sub refuses to go below zero; the same --key applies once", async () => {
    const refused = await run("sub", { tenant: tenantId, amount: "1000", reason: "too much" });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("too low");
    expect(refused.out).toContain("$991.50 more would be needed");
    const before = (await entries()).length;
    await run("add", { tenant: tenantId, amount: "5", reason: "ticket 42", key: "ticket-42" });
    const again = await run("add", { tenant: tenantId, amount: "5", reason: "ticket 42", key: "ticket-42" });
    expect(again.out).toContain("Already done");
    expect((await entries()).length).toBe(before + 1);
  });

  it("refuses bad input with a usage error", async () => {
    await expect(run("add", { tenant: tenantId, amount: "-1", reason: "x" })).rejects.toBeInstanceOf(
      UsageError,
    );
    await expect(run("add", { tenant: tenantId, amount: "1" })).rejects.toBeInstanceOf(UsageError);
    await expect(run("show", { tenant: "00000000-0000-4000-8000-000000000000" })).rejects.toBeInstanceOf(
      UsageError,
    );
  });

  it("show prints MISMATCH and exits 1 when the balance and the ledger differ", async () => {
    // Tamper behind the service's back (what the check is there to catch).
    await t.database.db
      .update(accounts)
      .set({ balanceMicros: sql`${accounts.balanceMicros} + 1` })
      .where(eq(accounts.tenantId, tenantId));
    const show = await run("show", { tenant: tenantId });
    expect(show.code).toBe(1);
    expect(show.out).toMatch(/MISMATCH$/);
  });
});

describe("welcome credit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WELCOME_CREDIT: "5" });
  });
  afterAll(() => t.close());

  it("credits a person's first organisation once, as trade type 2 'welcome credit'", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner, "Welcome Org");
    const billing = t.app.services.billing;
    expect(await billing.verify(tenantId)).toMatchObject({ balanceMicros: 5_000_000n, ok: true });
    const rows = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.tenantId, tenantId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tradeType: TRADE_TYPES.add,
      note: "welcome credit",
      idempotencyKey: `welcome:${tenantId}`,
    });
    // Once per person, not per organisation: a second organisation starts at zero.
    const other = await createTenant(t, owner, "Second Org");
    expect((await billing.balance(other)).balanceMicros).toBe(0n);
    // Another person's first organisation still gets one.
    const next = await createTenant(t, await registerUser(t), "Next Org");
    expect((await billing.balance(next)).balanceMicros).toBe(5_000_000n);
  });

  it("gives one welcome credit when a person creates organisations in parallel", async () => {
    const owner = await registerUser(t);
    const ids = await Promise.all(
      Array.from({ length: 6 }, (_, i) => createTenant(t, owner, `Parallel Org ${i}`)),
    );
    const welcomes = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(
        and(inArray(ledgerEntries.tenantId, ids), eq(ledgerEntries.referenceType, WELCOME_CREDIT_REFERENCE)),
      );
    expect(welcomes).toHaveLength(1);
    const balances = await Promise.all(ids.map((id) => t.app.services.billing.balance(id)));
    expect(balances.map((b) => b.balanceMicros).sort()).toEqual([0n, 0n, 0n, 0n, 0n, 5_000_000n]);
  });

  it("is off by default", async () => {
    const plain = await createTestApp();
    try {
      const tenantId = await createTenant(plain, await registerUser(plain), "Plain Org");
      expect((await plain.app.services.billing.balance(tenantId)).balanceMicros).toBe(0n);
    } finally {
      await plain.close();
    }
  });
});
