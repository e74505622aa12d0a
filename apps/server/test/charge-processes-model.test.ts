import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../src/core/app-error";
import { queryRows } from "../src/db/query";
import { ledgerEntries, notices } from "../src/db/schema/index";
import {
  type BatchDebit,
  type BatchDebitOutcome,
  billingService,
} from "../src/features/billing/billing-service";
import { bandRange, type PriceBand, pickBand } from "../src/features/price/index";
import { fundedTenant, system } from "./helpers/billing";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

/**
 * Several server processes charging one organisation's checks (docs/architecture.md, "Several
 * processes, one balance"): each process is a billing service of its own, with its own memory of
 * the balance and volumes, so each prices its batches at what it last met while the others move
 * them. Random interleavings of their batches (made with one API key), recharges, low-balance
 * thresholds, the key's daily spend limit and kills (a process replaced by a fresh one, its memory
 * gone) are run against a few lines of arithmetic that charge the same checks one at a time: every
 * check's price and refusal (balance or key limit), the balance, the ledger's chain, the month's
 * volume, the key's spend and the low-balance and key-limit notices must be the model's. The seed
 * is printed.
 */

const BANDS: PriceBand[] = [
  { minMonthlyVolume: 0, priceMicros: 5_000n },
  { minMonthlyVolume: 8, priceMicros: 3_000n },
  { minMonthlyVolume: 20, priceMicros: 2_000n },
];

type Step =
  | { kind: "batch"; process: number; checks: boolean[] }
  | { kind: "recharge"; micros: bigint }
  | { kind: "threshold"; micros: bigint | null }
  | { kind: "keyLimit"; micros: bigint | null }
  | { kind: "kill"; process: number };

const PROCESSES = 3;
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant("batch" as const),
      process: fc.nat(PROCESSES - 1),
      // Each check chargeable (true) or free (invalid, sandbox: priced 0, not counted).
      checks: fc.array(fc.constantFrom(true, true, true, false), { minLength: 1, maxLength: 8 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant("recharge" as const), micros: fc.bigInt(1n, 100_000n) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("threshold" as const),
      micros: fc.option(fc.bigInt(0n, 150_000n), { nil: null }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant("keyLimit" as const),
      micros: fc.option(fc.bigInt(1n, 150_000n), { nil: null }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("kill" as const), process: fc.nat(PROCESSES - 1) }) },
);

/** The batch's debits as the single-check writer builds them: one ledger row per batch. */
const debits = (
  tenantId: string,
  checks: boolean[],
  batch: number,
  actor: BatchDebit["actor"] = system,
): BatchDebit[] =>
  checks.map((chargeable) => ({
    tenantId,
    tradeType: TRADE_TYPES.checkNumberApi,
    service: "basic",
    quantity: 1,
    amountAt: (volume) => (chargeable ? pickBand(BANDS, volume)!.priceMicros : 0n),
    sameAmountWithin: (volume) => (chargeable ? bandRange(BANDS, volume) : [0, Number.MAX_SAFE_INTEGER]),
    entryKey: `batch ${batch}`,
    actor,
  }));

describe("several processes charging one organisation", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const processes = () =>
    Array.from({ length: PROCESSES }, () => billingService(t.database.db, t.app.services.notices));

  async function ledgerChained(tenantId: string) {
    // In the order the rows were written: each balance after is the one before plus its amount.
    const rows = await queryRows<{ amount: string; after: string }>(
      t.database.db,
      sql`select amount_micros::text as amount, balance_after_micros::text as after from ledger_entries
          where tenant_id = ${tenantId} order by created_at, id`,
    );
    let balance = 0n;
    for (const row of rows) {
      balance += BigInt(row.amount);
      expect(BigInt(row.after)).toBe(balance);
    }
  }

  // Many organisations' sessions, each a few dozen statements: longer than a test's default.
  it("one after another, every price, refusal, balance, volume and notice is the model's", {
    timeout: 180_000,
  }, async () => {
    const seed = Number(process.env.CHARGE_MODEL_SEED ?? Date.now() % 2_147_483_647);
    console.log(`charge processes model seed: ${seed} (replay with CHARGE_MODEL_SEED=${seed})`);
    await fc.assert(
      fc.asyncProperty(
        fc.bigInt(0n, 150_000n),
        fc.array(step, { minLength: 1, maxLength: 30 }),
        async (opening, steps) => {
          const { tenantId, billing, api } = await fundedTenant(t, opening);
          const made = await api("POST", "/api/tenant/apikey", {
            name: "model",
            scopes: ["check"],
            mode: "live",
          });
          const keyId = (made.json() as { data: { key: { id: string } } }).data.key.id;
          const running = processes();
          const model = {
            balance: opening,
            volume: 0,
            threshold: null as bigint | null,
            alerted: false,
            notices: 0,
            key: { limit: null as bigint | null, spent: 0n, warned: false, reached: false, notices: 0 },
          };
          // docs/architecture.md, "Several processes, one balance": the key's 80 % warning and its
          // limit are announced once each, by a batch that charges or refuses a check.
          const followKey = (refusedAtLimit: boolean) => {
            const k = model.key;
            if (k.limit === null) return;
            if (!k.warned && k.spent * 5n >= k.limit * 4n) {
              k.warned = true;
              k.notices++;
            }
            if (!k.reached && (k.spent >= k.limit || refusedAtLimit)) {
              k.reached = true;
              k.notices++;
            }
          };
          const follow = () => {
            const below = model.threshold !== null && model.balance < model.threshold;
            if (model.threshold !== null && below !== model.alerted) {
              model.alerted = below;
              if (below) model.notices++;
            }
          };
          let batchNo = 0;
          for (const s of steps) {
            if (s.kind === "recharge") {
              await billing.credit({
                tenantId,
                tradeType: TRADE_TYPES.recharge,
                amountMicros: s.micros,
                actor: system,
              });
              model.balance += s.micros;
              follow();
            } else if (s.kind === "threshold") {
              // As the settings route writes it: the flag follows at the next movement.
              await t.database.db.execute(
                sql`update accounts set low_balance_threshold_micros = ${s.micros === null ? null : s.micros.toString()}::bigint
                  where tenant_id = ${tenantId}`,
              );
              model.threshold = s.micros;
            } else if (s.kind === "keyLimit") {
              // As the limits route writes it: the next charge with the key reads it.
              await t.database.db.execute(
                sql`update api_keys set daily_limit_micros = ${s.micros === null ? null : s.micros.toString()}::bigint
                  where id = ${keyId}`,
              );
              model.key.limit = s.micros;
            } else if (s.kind === "kill") {
              running[s.process] = billingService(t.database.db, t.app.services.notices);
            } else {
              const outcomes = await running[s.process]!.chargeBatch(
                debits(tenantId, s.checks, batchNo++, { type: "api_key", id: keyId }),
              );
              const expected = s.checks.map((chargeable) => {
                if (!chargeable) return 0n;
                const price = pickBand(BANDS, model.volume)!.priceMicros;
                if (model.key.limit !== null && model.key.spent + price > model.key.limit)
                  return "apiKeySpendLimit";
                if (model.balance < price) return "insufficientBalance";
                model.balance -= price;
                model.volume++;
                model.key.spent += price;
                return price;
              });
              if (expected.some((e) => typeof e === "bigint" && e !== 0n)) follow();
              if (s.checks.some((chargeable) => chargeable)) followKey(expected.includes("apiKeySpendLimit"));
              expect(outcomes.map((o) => (o instanceof AppError ? o.key : o.amountMicros))).toEqual(expected);
            }
            const check = await billing.verify(tenantId);
            expect(check).toEqual({ balanceMicros: model.balance, ledgerSum: model.balance, ok: true });
          }
          await ledgerChained(tenantId);
          const [volume] = await queryRows<{ quantity: string }>(
            t.database.db,
            sql`select coalesce(sum(quantity), 0)::text as quantity from monthly_volumes where tenant_id = ${tenantId}`,
          );
          expect(Number(volume!.quantity)).toBe(model.volume);
          const sent = await t.database.db
            .select()
            .from(notices)
            .where(and(eq(notices.tenantId, tenantId), eq(notices.type, "low_balance")));
          expect(sent).toHaveLength(model.notices);
          const [spend] = await queryRows<{ spent: string; n: number }>(
            t.database.db,
            sql`select coalesce((select sum(spent_micros) from api_key_spend where key_id = ${keyId} and period = 'day'), 0)::text as spent,
                  (select count(*)::int from notices where tenant_id = ${tenantId} and type like 'api_key_spend%') as n`,
          );
          expect(BigInt(spend!.spent)).toBe(model.key.spent);
          expect(spend!.n).toBe(model.key.notices);
        },
      ),
      { seed, numRuns: onPostgres ? 20 : 12 },
    );
  });

  it.skipIf(!onPostgres)(
    "at once on PostgreSQL: each check charged once, the bands taken in order, never below zero",
    async () => {
      const opening = 200_000n;
      const { tenantId, billing } = await fundedTenant(t, opening);
      await t.database.db.execute(
        sql`update accounts set low_balance_threshold_micros = 100000 where tenant_id = ${tenantId}`,
      );
      const running = processes();
      // 60 batches of 1–6 checks from three processes at once, with two recharges among them.
      const sizes = Array.from({ length: 60 }, (_, i) => 1 + ((i * 7) % 6));
      const results = await Promise.all([
        ...sizes.map((n, i) => running[i % PROCESSES]!.chargeBatch(debits(tenantId, Array(n).fill(true), i))),
        billing.credit({ tenantId, tradeType: TRADE_TYPES.recharge, amountMicros: 1_000n, actor: system }),
        billing.credit({ tenantId, tradeType: TRADE_TYPES.recharge, amountMicros: 2_000n, actor: system }),
      ]);
      const outcomes = results.slice(0, sizes.length).flat() as (BatchDebitOutcome | AppError)[];
      const charged = outcomes.flatMap((o) => (o instanceof AppError ? [] : [o.amountMicros]));
      const refused = outcomes.length - charged.length;
      // Whatever the order, the month's first 8 charged checks pay 5000, the next 12 pay 3000, the rest 2000.
      const expected = charged.map((_, i) => pickBand(BANDS, i)!.priceMicros);
      const tally = (xs: bigint[]) =>
        xs.reduce((m, x) => m.set(x, (m.get(x) ?? 0) + 1), new Map<bigint, number>());
      expect(tally(charged)).toEqual(tally(expected));
      const spent = charged.reduce((a, b) => a + b, 0n);
      const { balanceMicros, ledgerSum, ok } = await billing.verify(tenantId);
      expect(ok).toBe(true);
      expect(balanceMicros).toBe(ledgerSum);
      expect(balanceMicros).toBe(opening + 3_000n - spent);
      // A check is refused only when the balance no longer covered it: at most a price and the
      // recharges that may have come after are left.
      if (refused > 0) expect(balanceMicros).toBeLessThan(5_000n + 3_000n);
      const rows = await t.database.db
        .select()
        .from(ledgerEntries)
        .where(eq(ledgerEntries.tenantId, tenantId));
      const debitRows = rows.filter((r) => r.tradeType === TRADE_TYPES.checkNumberApi);
      expect(debitRows.reduce((sum, r) => sum + (r.quantity ?? 0), 0)).toBe(charged.length);
      // The chain, in the order the balance went down between the recharges: each debit row's
      // balance after is some row's balance after plus its amount.
      const afters = new Set(rows.map((r) => r.balanceAfterMicros));
      for (const row of debitRows) expect(afters.has(row.balanceAfterMicros - row.amountMicros)).toBe(true);
      // The balance crossed the threshold: one notice, or one more for each recharge that lifted it
      // back above before the next batch took it below again (never one per batch).
      const sent = await t.database.db
        .select()
        .from(notices)
        .where(and(eq(notices.tenantId, tenantId), eq(notices.type, "low_balance")));
      expect(sent.length).toBeGreaterThanOrEqual(1);
      expect(sent.length).toBeLessThanOrEqual(3);
    },
  );
});
