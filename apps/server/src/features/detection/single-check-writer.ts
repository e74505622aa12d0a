import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import { v7 as uuidv7 } from "uuid";
import { AppError } from "../../core/app-error";
import type { Db } from "../../core/db";
import { groupCommit } from "../../db/group-commit";
import type { Actor, BillingService } from "../billing/index";
import { type PriceBand, pickBand } from "../price/index";
import { type SingleJobValues, singlesInsert } from "./detection-repo";

/** A checked number waiting to be stored and charged. */
export interface CheckToWrite
  extends Omit<SingleJobValues, "id" | "unitPriceMicros" | "costMicros" | "currency" | "result"> {
  result: SingleCheckResultView;
  /** The organisation's price bands for the service and their currency. */
  bands: PriceBand[];
  currency: string;
  /** Whether the number is charged at all (valid, worth its look-up, not from the sandbox). */
  chargeable: boolean;
  tradeType: number;
  actor: Actor;
}

export interface WrittenCheck {
  jobId: string;
  unitPriceMicros: bigint;
  costMicros: bigint;
  currency: string;
  result: SingleCheckResultView;
}

/** The unit price at a month's volume; a list without bands prices nothing (refused by the caller). */
function unitPrice(bands: PriceBand[], volume: number): bigint {
  const band = pickBand(bands, volume);
  if (!band) throw new AppError("badRequest");
  return band.priceMicros;
}

/**
 * Stores and charges single checks with group commit: every check that arrives while a batch is
 * being written goes into the next one, and a batch is one transaction — the charges (each priced
 * at the month's volume reached by the checks before it, refused alone when the balance no longer
 * covers it), then the job and item rows of the charged and free checks. A check is never stored
 * without its charge, nor charged without being stored.
 */
export function singleCheckWriter(db: Db, billing: Pick<BillingService, "chargeBatch">) {
  return groupCommit<CheckToWrite, WrittenCheck>(
    (checks) =>
      db.transaction(async (tx) => {
        const ids = checks.map(() => uuidv7());
        const written: (WrittenCheck | AppError)[] = [];
        // The jobs of the checks charged (and the free ones) go in the charges' own statement.
        await billing.chargeBatch(
          tx,
          checks.map((check, i) => ({
            tenantId: check.tenantId,
            tradeType: check.tradeType,
            service: check.service,
            quantity: 1,
            amountAt: (volume) => (check.chargeable ? unitPrice(check.bands, volume) : 0n),
            reference: { type: "detection_job", id: ids[i]! },
            idempotencyKey: ids[i]!,
            request: { service: check.service, e164: check.e164 },
            actor: check.actor,
          })),
          (charges) => {
            const rows: SingleJobValues[] = [];
            checks.forEach((check, i) => {
              const charge = charges[i]!;
              if (charge instanceof AppError) {
                written.push(charge);
                return;
              }
              const { bands, chargeable, tradeType, actor, ...values } = check;
              const result = { ...check.result, charged: charge.amountMicros > 0n };
              const unitPriceMicros = unitPrice(bands, charge.volume);
              rows.push({ ...values, id: ids[i]!, result, unitPriceMicros, costMicros: charge.amountMicros });
              written.push({
                jobId: ids[i]!,
                unitPriceMicros,
                costMicros: charge.amountMicros,
                currency: check.currency,
                result,
              });
            });
            return rows.length > 0 ? singlesInsert(rows) : null;
          },
        );
        return written;
      }),
    { maxBatch: 500 },
  );
}
