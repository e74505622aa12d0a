import { randomUUID } from "node:crypto";
import type { ServiceCode } from "@nc/contracts/services";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { basicCheck } from "@nc/numcheck/basic-check";
import type { Db } from "../../db/client";
import { detectionJobs } from "../../db/schema/index";
import { AppError } from "../../http/app-error";
import { type Actor, billingService } from "../billing/billing-service";
import { priceService } from "../price/price-service";
import { type JobRepo, type JobRow, jobRepo, type NewItem, OPEN_STATUSES } from "./job-repo";
import type { ItemProcessor } from "./process-item";

export interface JobLimits {
  maxRows: number;
  maxConcurrent: number;
}

export interface CreateListJob {
  tenantId: string;
  userId: string;
  service: ServiceCode;
  numbers: string[];
  defaultCountry?: string;
  channel: "web" | "api";
  /** Lower than the configured maximum for some entry points (the JSON list route). */
  maxRows?: number;
}

export const INSERT_BATCH = 5_000;

/** Sorts a list into chargeable items and rejected ones (duplicates, invalid numbers). */
export function classify(numbers: string[], defaultCountry?: string) {
  const seen = new Set<string>();
  let duplicates = 0;
  let invalid = 0;
  const items: NewItem[] = numbers.map((input, seq) => {
    const check = basicCheck(input, { defaultCountry, carrier: false, geo: false });
    const e164 = check.e164;
    let rejectReason: string | null = null;
    if (e164 === null) rejectReason = `invalid:${check.normalisation.invalidReason ?? "unknown"}`;
    else if (seen.has(e164)) rejectReason = "duplicate";
    else if (check.valid === false)
      rejectReason = `invalid:${check.normalisation.invalidReason ?? "unknown"}`;
    if (e164) seen.add(e164);
    if (rejectReason === "duplicate") duplicates++;
    else if (rejectReason) invalid++;
    return {
      seq,
      input: input.slice(0, 256),
      e164,
      status: rejectReason ? "rejected" : "queued",
      rejectReason,
    };
  });
  return { items, duplicates, invalid, chargeable: items.length - duplicates - invalid };
}

/** What the refund row of a job says: why part of the hold came back. */
export function releaseNote(job: JobRow, cancelled = 0): string {
  const parts = [`${job.done} checked`];
  if (job.failed) parts.push(`${job.failed} failed (not charged)`);
  if (cancelled) parts.push(`${cancelled} cancelled (not charged)`);
  if (job.duplicates) parts.push(`${job.duplicates} duplicates (not charged)`);
  if (job.invalid) parts.push(`${job.invalid} invalid (not charged)`);
  return `job ${job.id} ${job.status}: ${parts.join(", ")}`;
}

export function progress(job: JobRow, now = Date.now()) {
  const chargeable = job.total - job.duplicates - job.invalid;
  const processed = job.done + job.failed;
  const started = job.started_at ? Date.parse(job.started_at) : null;
  const end = job.finished_at ? Date.parse(job.finished_at) : now;
  const seconds = started ? Math.max((end - started) / 1000, 0.001) : 0;
  const rate = started && processed > 0 ? processed / seconds : 0;
  const open = (OPEN_STATUSES as readonly string[]).includes(job.status);
  const remaining = open ? Math.max(chargeable - processed, 0) : 0;
  return {
    id: job.id,
    kind: job.kind,
    channel: job.channel,
    service: job.service,
    status: job.status,
    total: job.total,
    chargeable,
    done: job.done,
    failed: job.failed,
    duplicates: job.duplicates,
    invalid: job.invalid,
    remaining,
    percent: chargeable > 0 ? Math.floor((processed / chargeable) * 100) : 100,
    /** Items per second since the job started. */
    rate: Math.round(rate * 100) / 100,
    /** Seconds, or null while there is no rate to estimate from. */
    timeLeft: remaining === 0 ? 0 : rate > 0 ? Math.ceil(remaining / rate) : null,
    unitPriceMicros: job.unit_price_micros,
    chargedMicros: job.charged_micros,
    currency: job.currency,
    sandbox: job.sandbox === 1,
    createdAt: job.created_at,
    startedAt: job.started_at,
    finishedAt: job.finished_at,
  };
}

/** Bulk jobs: creation (classify, reserve, insert), status, items, cancel. */
export function jobService(db: Db, limits: JobLimits, processor: ItemProcessor) {
  const repo: JobRepo = jobRepo(db);
  const billing = billingService(db);
  const prices = priceService(db);

  async function checkConcurrent(runner: Parameters<JobRepo["openJobCount"]>[0], tenantId: string) {
    const open = await repo.openJobCount(runner, tenantId);
    if (open >= limits.maxConcurrent)
      throw new AppError("jobLimitReached", { max: limits.maxConcurrent }, { max: limits.maxConcurrent });
  }

  async function release(job: JobRow, actor: Actor, cancelled = 0) {
    if (!job.reservation_id) return null;
    return billing.release(job.tenant_id, job.reservation_id, actor, releaseNote(job, cancelled));
  }

  return {
    repo,

    async createListJob(input: CreateListJob) {
      const maxRows = Math.min(input.maxRows ?? limits.maxRows, limits.maxRows);
      if (input.numbers.length > maxRows)
        throw new AppError(
          "jobTooManyRows",
          { max: maxRows, count: input.numbers.length },
          { max: maxRows, count: input.numbers.length },
        );
      if (input.numbers.length === 0) throw new AppError("badRequest");
      await checkConcurrent(db, input.tenantId);

      const { items, duplicates, invalid, chargeable } = classify(input.numbers, input.defaultCountry);
      const id = randomUUID();
      const sandbox = processor.sandbox(input.service);
      const quote = chargeable > 0 ? await prices.quote(input.tenantId, input.service, chargeable) : null;
      const unitPrice = sandbox || !quote ? 0n : quote.unitPriceMicros;
      const actor: Actor = { type: input.channel === "api" ? "api_key" : "user", id: input.userId };
      const reservation =
        unitPrice > 0n
          ? (
              await billing.reserve({
                tenantId: input.tenantId,
                tradeType:
                  input.channel === "api" ? TRADE_TYPES.dataApiDetection : TRADE_TYPES.dataWebDetection,
                amountMicros: unitPrice * BigInt(chargeable),
                service: input.service,
                quantity: chargeable,
                idempotencyKey: `detection_job:${id}`,
                reference: { type: "detection_job", id },
                actor,
                note: `${input.numbers.length} numbers: ${chargeable} to check, ${duplicates} duplicates and ${invalid} invalid not charged`,
              })
            ).reservation
          : null;

      try {
        await db.transaction(async (tx) => {
          await repo.lockTenant(tx, input.tenantId);
          await checkConcurrent(tx, input.tenantId);
          await tx.insert(detectionJobs).values({
            id,
            tenantId: input.tenantId,
            kind: "list",
            channel: input.channel,
            service: input.service,
            status: chargeable > 0 ? "queued" : "completed",
            total: items.length,
            duplicates,
            invalid,
            unitPriceMicros: unitPrice,
            currency: quote?.currency ?? "USD",
            reservationId: reservation?.id ?? null,
            submittedBy: input.userId,
            defaultCountry: input.defaultCountry ?? null,
            sandbox: sandbox ? 1 : 0,
            ...(chargeable > 0 ? {} : { finishedAt: new Date() }),
          });
          for (let i = 0; i < items.length; i += INSERT_BATCH)
            await repo.insertItems(tx, id, items.slice(i, i + INSERT_BATCH));
        });
      } catch (error) {
        if (reservation)
          await billing.release(input.tenantId, reservation.id, actor, `job ${id} not created`);
        throw error;
      }
      return progress((await repo.job(input.tenantId, id))!);
    },

    async status(tenantId: string, jobId: string) {
      const job = await repo.job(tenantId, jobId);
      if (!job) throw new AppError("notFound");
      return progress(job);
    },

    async items(tenantId: string, jobId: string, query: { cursor?: number; limit: number; status?: string }) {
      const job = await repo.job(tenantId, jobId);
      if (!job) throw new AppError("notFound");
      const rows = await repo.items(tenantId, jobId, query);
      return {
        items: rows.map((r) => ({
          seq: r.seq,
          input: r.input,
          e164: r.e164,
          status: r.status,
          rejectReason: r.reject_reason,
          result: r.result,
          costMicros: r.cost_micros,
          finishedAt: r.finished_at,
        })),
        nextCursor: rows.length === query.limit ? rows[rows.length - 1]!.seq : null,
      };
    },

    /** Stops a job: queued items are rejected "cancelled" and the unused funds come back at once. */
    async cancelJob(tenantId: string, jobId: string, actor: Actor) {
      const outcome = await db.transaction(async (tx) => {
        const job = await repo.lockJob(tx, jobId);
        if (!job || job.tenant_id !== tenantId) throw new AppError("notFound");
        if (!(OPEN_STATUSES as readonly string[]).includes(job.status)) throw new AppError("jobClosed");
        const cancelled = await repo.rejectQueued(tx, jobId, "cancelled");
        await repo.setStatus(tx, jobId, "cancelled");
        return { cancelled };
      });
      const job = (await repo.job(tenantId, jobId))!;
      await release(job, actor, outcome.cancelled);
      return progress(job);
    },

    release,
  };
}

export type JobService = ReturnType<typeof jobService>;
