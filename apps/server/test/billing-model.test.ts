import { TRADE_TYPES } from "@nc/contracts/trade-types";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../src/core/app-error";
import { fundedTenant, system } from "./helpers/billing";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** One step of a random session against the billing service. */
type Step =
  | { kind: "recharge" | "add" | "refund" | "charge" | "sub"; micros: bigint }
  | { kind: "reserve"; micros: bigint }
  | { kind: "settle"; pick: number; micros: bigint }
  | { kind: "release"; pick: number };

const micros = fc.bigInt({ min: 1n, max: 5_000_000n });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom("recharge", "add", "refund", "charge", "sub"), micros }),
  fc.record({ kind: fc.constant("reserve"), micros }),
  fc.record({ kind: fc.constant("settle"), pick: fc.nat(), micros: fc.bigInt({ min: 0n, max: 3_000_000n }) }),
  fc.record({ kind: fc.constant("release"), pick: fc.nat() }),
);

const CREDIT = { recharge: TRADE_TYPES.recharge, add: TRADE_TYPES.add, refund: TRADE_TYPES.refund } as const;
const DEBIT = { charge: TRADE_TYPES.checkHlr, sub: TRADE_TYPES.sub } as const;

/**
 * Model-based: random sequences of recharge, charge, reserve, settle, release, refund, add and sub
 * against the real service and a few lines of arithmetic. After every step the balance equals the
 * model, the ledger sums to it and it is never negative. The seed is printed to replay a failure.
 */
describe("billing model", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("the balance follows the model and the ledger check holds after every step", async () => {
    const seed = Number(process.env.BILLING_MODEL_SEED ?? Date.now() % 2_147_483_647);
    console.log(`billing model seed: ${seed} (replay with BILLING_MODEL_SEED=${seed})`);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const { tenantId, billing } = await fundedTenant(t);
        let balance = 0n;
        const holds: { id: string; reserved: bigint; settled: bigint; open: boolean }[] = [];
        for (const s of steps) {
          const refused = async (run: () => Promise<unknown>, expectRefusal: boolean, key: string) => {
            try {
              await run();
              expect(expectRefusal, `${s.kind} should have been refused`).toBe(false);
            } catch (error) {
              if (!(error instanceof AppError)) throw error;
              expect(expectRefusal, `${s.kind} refused: ${error.key}`).toBe(true);
              expect(error.key).toBe(key);
            }
          };
          switch (s.kind) {
            case "recharge":
            case "add":
            case "refund":
              await billing.credit({
                tenantId,
                tradeType: CREDIT[s.kind],
                amountMicros: s.micros,
                actor: system,
              });
              balance += s.micros;
              break;
            case "charge":
            case "sub": {
              const tradeType = DEBIT[s.kind as keyof typeof DEBIT];
              const ok = s.micros <= balance;
              await refused(
                () =>
                  billing.charge({
                    tenantId,
                    tradeType,
                    amountMicros: s.micros,
                    actor: system,
                  }),
                !ok,
                "insufficientBalance",
              );
              if (ok) balance -= s.micros;
              break;
            }
            case "reserve": {
              const ok = s.micros <= balance;
              let id = "";
              await refused(
                async () => {
                  const r = await billing.reserve({
                    tenantId,
                    tradeType: TRADE_TYPES.dataWebDetection,
                    amountMicros: s.micros,
                    actor: system,
                  });
                  id = r.reservation.id;
                },
                !ok,
                "insufficientBalance",
              );
              if (ok) {
                balance -= s.micros;
                holds.push({ id, reserved: s.micros, settled: 0n, open: true });
              }
              break;
            }
            case "settle": {
              const hold = holds[s.pick % Math.max(holds.length, 1)];
              if (!hold) break;
              const ok = hold.open && hold.settled + s.micros <= hold.reserved;
              await refused(() => billing.settle(tenantId, hold.id, s.micros), !ok, "reservationClosed");
              if (ok) hold.settled += s.micros;
              break;
            }
            case "release": {
              const hold = holds[s.pick % Math.max(holds.length, 1)];
              if (!hold) break;
              const row = await billing.release(tenantId, hold.id, system);
              const unused = hold.open ? hold.reserved - hold.settled : 0n;
              expect(row?.amountMicros ?? 0n).toBe(unused);
              balance += unused;
              hold.open = false;
              break;
            }
          }
          const check = await billing.verify(tenantId);
          expect(check.balanceMicros).toBe(balance);
          expect(check.ok).toBe(true);
        }
      }),
      { seed, numRuns: 30, verbose: true },
    );
  }, 60_000);
});
