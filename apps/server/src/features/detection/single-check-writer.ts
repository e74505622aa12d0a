import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import { v5 as uuidv5 } from "uuid";
import { AppError } from "../../core/app-error";
import { groupCommit } from "../../db/group-commit";
import type { Actor, BillingService } from "../billing/index";
import { bandRange, type PriceBand, pickBand } from "../price/index";
import { type SingleCheckValues, singlesInsert } from "./detection-repo";

/** A checked number waiting to be stored and charged. */
export interface CheckToWrite
  extends Omit<
    SingleCheckValues,
    "jobId" | "ord" | "count" | "unitPriceMicros" | "costMicros" | "currency" | "result" | "ledgerEntryId"
  > {
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
  /** The day's job of single checks the check is an item of. */
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

// Names the day's jobs of single checks (uuid v5 of what groups them): every process finds the
// same job for the same day without a look-up.
const SINGLE_JOBS = "0b6a3f5e-5a43-4c1f-9d0e-3c8a1f2b7d41";

/** Job ids already worked out today (a uuid v5 is a SHA-1: ~4 µs of each check's CPU). */
const knownJobIds = new Map<string, string>();
let knownDay = "";
/** Past this many groups in a day the memory starts again (one entry per member, service…). */
const MAX_KNOWN_JOB_IDS = 10_000;

/**
 * The job a single check is stored in: one per organisation, UTC day, service, channel, sandbox
 * and member (for the API, the key's creator), so a member's history filter still finds theirs.
 */
export function singleJobId(
  check: Pick<CheckToWrite, "tenantId" | "service" | "channel" | "sandbox" | "userId">,
  at: Date,
): string {
  const day = at.toISOString().slice(0, 10);
  const name = `${check.tenantId}|${day}|${check.service}|${check.channel}|${check.sandbox ? 1 : 0}|${check.userId ?? ""}`;
  if (day !== knownDay || knownJobIds.size >= MAX_KNOWN_JOB_IDS) {
    knownJobIds.clear();
    knownDay = day;
  }
  let id = knownJobIds.get(name);
  if (id === undefined) {
    id = uuidv5(name, SINGLE_JOBS);
    knownJobIds.set(name, id);
  }
  return id;
}

/**
 * Stores and charges single checks with group commit: every check that arrives while a batch is
 * being written goes into the next one, and a batch is one statement with its charges (one round
 * trip once this process has charged the organisation this month, else a locked transaction: see
 * billing's chargeBatch). Its charges are priced one by one (each at the month's volume reached
 * by the checks before it, refused alone when the balance no longer covers it), and written as
 * one ledger row per day's job, trade type and actor;
 * each check is one item row of its day's job naming that ledger row (docs/architecture.md,
 * "A check costs one row"). A check is never stored without its charge, nor charged without
 * being stored.
 */
export function singleCheckWriter(billing: Pick<BillingService, "chargeBatch">) {
  return groupCommit<CheckToWrite, WrittenCheck>(
    async (checks) => {
      const now = new Date();
      const jobIds = checks.map((check) => singleJobId(check, now));
      let written: (WrittenCheck | AppError)[] = [];
      // The checks charged (and the free ones) go in the charges' own statement.
      await billing.chargeBatch(
        checks.map((check, i) => ({
          tenantId: check.tenantId,
          tradeType: check.tradeType,
          service: check.service,
          quantity: 1,
          amountAt: (volume) => (check.chargeable ? unitPrice(check.bands, volume) : 0n),
          sameAmountWithin: (volume) =>
            check.chargeable ? bandRange(check.bands, volume) : [0, Number.MAX_SAFE_INTEGER],
          reference: { type: "detection_job", id: jobIds[i]! },
          entryKey: `${jobIds[i]} ${check.tradeType} ${check.actor.type} ${check.actor.id ?? ""}`,
          actor: check.actor,
        })),
        (charges) => {
          // Called again when the charge is retried the locked way: the last call counts.
          written = [];
          const rows: SingleCheckValues[] = [];
          const places = new Map<string, number>();
          checks.forEach((check, i) => {
            const charge = charges[i]!;
            if (charge instanceof AppError) {
              written.push(charge);
              return;
            }
            const jobId = jobIds[i]!;
            const ord = places.get(jobId) ?? 0;
            places.set(jobId, ord + 1);
            const result = { ...check.result, charged: charge.amountMicros > 0n };
            const unitPriceMicros = unitPrice(check.bands, charge.volume);
            rows.push({
              tenantId: check.tenantId,
              service: check.service,
              userId: check.userId,
              channel: check.channel,
              input: check.input,
              e164: check.e164,
              itemStatus: check.itemStatus,
              rejectReason: check.rejectReason,
              facets: check.facets,
              sandbox: check.sandbox,
              currency: check.currency,
              jobId,
              ord,
              count: 0,
              result,
              unitPriceMicros,
              costMicros: charge.amountMicros,
              ledgerEntryId: charge.entryId,
            });
            written.push({
              jobId,
              unitPriceMicros,
              costMicros: charge.amountMicros,
              currency: check.currency,
              result,
            });
          });
          for (const row of rows) row.count = places.get(row.jobId)!;
          return rows.length > 0 ? singlesInsert(rows) : null;
        },
      );
      return written;
    },
    { maxBatch: 500 },
  );
}
