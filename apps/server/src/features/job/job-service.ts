import { randomUUID } from "node:crypto";
import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import { needsLiveLookup, type ServiceCode } from "@nc/contracts/services";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { basicCheck } from "@nc/numcheck/basic-check";
import { AppError } from "../../core/app-error";
import type { Db } from "../../core/db";
import type { Actor, BillingService, SystemNote } from "../billing/index";
import { fraudVelocity, isChargeable, NEEDS, resultFacets, type VelocityCounts } from "../detection/index";
import { type FraudLists, fraudListService } from "../fraud-list/index";
import type { NoticeService } from "../notice/index";
import type { PriceService } from "../price/index";
import { enqueueJobEvent } from "../webhook/index";
import { type FileColumnsCollector, KEPT_BATCH_CHARS } from "./file-columns";
import { chunkBuilder } from "./item-chunks";
import { jobItems, pageOfItems } from "./job-items";
import { jobCompletedNotice } from "./job-notice";
import {
  FINISHED_STATUSES,
  type ItemFilter,
  type ItemRow,
  type JobRepo,
  type JobRow,
  jobRepo,
  type NewItem,
  OPEN_STATUSES,
} from "./job-repo";
import { E164Set } from "./number-set";
import type { ItemProcessor } from "./process-item";

export interface JobLimits {
  maxRows: number;
  maxConcurrent: number;
}

/** Where a job's numbers came from. */
export interface JobOrigin {
  tenantId: string;
  /** Who submitted it (for an API job, the key's creator; null once that user is gone). */
  userId: string | null;
  service: ServiceCode;
  defaultCountry?: string;
  channel: "web" | "api";
  kind: "list" | "file";
  file?: { name: string; column: number; header: boolean };
  /** Made with a test API key: answered by the sandbox, never charged. */
  test?: boolean;
}

export interface CreateListJob extends Omit<JobOrigin, "kind" | "file"> {
  numbers: string[];
  /** Lower than the configured maximum for some entry points (the JSON list route). */
  maxRows?: number;
  /** Keep it as a draft to show the summary before it is submitted. */
  draft?: boolean;
  /** Who submits it: the user by default; an API key for jobs made through the public API. */
  actor?: Actor;
}

/** A list's number, or a file row's number with the row's cells (kept when the organisation keeps them). */
export type IngestRow = string | { number: string; cells: readonly string[] };

export const INSERT_BATCH = 5_000;
/**
 * Rows with no number at all (an empty cell, text without digits) are junk. Only the first
 * JUNK_STORED of them are kept for the rejected-rows file (the rest are counted), and once more
 * than JUNK_REFUSE_AFTER have been read and they are nine rows in ten, the file is refused as it
 * streams: a wrong or hostile file stops costing minutes and gigabytes (docs/security.md).
 */
export const JUNK_STORED = 10_000;
export const JUNK_REFUSE_AFTER = 10_000;
const JUNK_SHARE = 0.9;
const JUNK_REASONS = new Set(["invalid:empty", "invalid:not_a_number"]);
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/**
 * Sorts rows into chargeable items and rejected ones as they stream past: duplicates (of an
 * earlier row) and numbers the service would not charge for (not a number; for HLR/MNP not
 * eligible for a live look-up; otherwise invalid). Holds only the set of numbers seen. When the
 * processor can answer the service offline, the full check is made here, once, and the item is
 * stored done with its result: submitting charges it, no worker round is needed. A fraud score
 * made here is finished by `scoreVelocity` once the batch's velocities are known.
 */
export function classifier(
  service: ServiceCode,
  defaultCountry?: string,
  processor?: ItemProcessor,
  lists?: FraudLists,
  sandbox = false,
) {
  const seen = new E164Set();
  const counts = { total: 0, duplicates: 0, invalid: 0 };
  // Services without a look-up are answered offline when the processor can: then the full check
  // (carrier, region) is made here; otherwise the lighter one that classification needs.
  const offline = Boolean(processor?.offline) && !needsLiveLookup(service);
  const scoresFraud = offline && NEEDS[service].fraud;
  return {
    counts,
    /** Whether the items' fraud scores wait for the numbers' velocity (scoreVelocity). */
    scoresFraud,
    /**
     * Looks up the velocity of a batch's scored numbers (one call of `velocityOf`) and scores again
     * those with recent single checks (most have none, and keep the score made while reading),
     * then drops the basic checks kept for it.
     */
    async scoreVelocity(items: NewItem[], velocityOf: (e164s: string[]) => Promise<VelocityCounts>) {
      const velocity = await velocityOf(items.filter((item) => item.basic).map((item) => item.e164!));
      for (const item of items) {
        if (!item.basic) continue;
        const velocity24h = velocity(item.e164!);
        if (velocity24h > 0) {
          item.result = processor!.offline!(service, item.basic, lists, sandbox, velocity24h);
          item.facets = resultFacets(service, item.result as SingleCheckResultView);
        }
        item.basic = undefined;
      }
    },
    next(input: string): NewItem {
      const seq = counts.total++;
      const check = basicCheck(
        input,
        offline ? { defaultCountry } : { defaultCountry, carrier: false, geo: false },
      );
      const e164 = check.e164;
      let rejectReason: string | null = null;
      if (e164 !== null && !seen.add(e164)) rejectReason = "duplicate";
      else if (!isChargeable(service, check))
        rejectReason = `invalid:${check.normalisation.invalidReason ?? (check.valid === false ? "invalid" : "not_eligible")}`;
      if (rejectReason === "duplicate") counts.duplicates++;
      else if (rejectReason) counts.invalid++;
      const result = offline && !rejectReason ? processor!.offline!(service, check, lists, sandbox) : null;
      return {
        seq,
        // Control characters (NUL above all) cannot be stored as text; they are never part of a number.
        input: input.slice(0, 256).replace(CONTROL_CHARACTERS, ""),
        e164,
        // Answered while reading: done now, charged when the draft is submitted.
        status: rejectReason ? "rejected" : result ? "done" : "queued",
        rejectReason,
        result,
        facets: result ? resultFacets(service, result) : null,
        basic: scoresFraud && result ? check : undefined,
      };
    },
  };
}

/** The inputs of `items`, INSERT_BATCH at a time: what `ingest` reads. */
async function* inputPages(items: AsyncIterable<ItemRow>): AsyncGenerator<string[]> {
  let page: string[] = [];
  for await (const item of items) {
    page.push(item.input);
    if (page.length === INSERT_BATCH) {
      yield page;
      page = [];
    }
  }
  if (page.length > 0) yield page;
}

/** What the refund row of a job says: why part of the hold came back (in each reader's language). */
export function releaseNote(job: JobRow, cancelled = 0): SystemNote {
  const key =
    job.status === "cancelled" ? "jobCancelled" : job.status === "failed" ? "jobFailed" : "jobCompleted";
  return {
    key,
    params: {
      job: job.id,
      checked: job.done,
      failed: job.failed,
      cancelled,
      duplicates: job.duplicates,
      invalid: job.invalid,
    },
  };
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
    fileName: job.file_name,
    createdAt: job.created_at,
    startedAt: job.started_at,
    finishedAt: job.finished_at,
  };
}

/** The shared services a job charges, prices and tells members through (built once: services.ts). */
export interface JobMoney {
  billing: BillingService;
  prices: Pick<PriceService, "quote">;
  notices: Pick<NoticeService, "notify">;
}

/** Bulk jobs: creation (classify, reserve, insert), status, items, cancel. */
export function jobService(
  db: Db,
  limits: JobLimits,
  processor: ItemProcessor,
  { billing, prices, notices }: JobMoney,
) {
  const repo: JobRepo = jobRepo(db);
  const fraudLists = fraudListService(db);

  async function checkConcurrent(runner: Parameters<JobRepo["openJobCount"]>[0], tenantId: string) {
    const open = await repo.openJobCount(runner, tenantId);
    if (open >= limits.maxConcurrent)
      throw new AppError("jobLimitReached", { max: limits.maxConcurrent }, { max: limits.maxConcurrent });
  }

  /** What a job's chargeable numbers cost each: the quote, or nothing for a sandbox job. */
  async function priceOf(job: JobRow, chargeable: number) {
    const quote =
      chargeable > 0 ? await prices.quote(job.tenant_id, job.service as ServiceCode, chargeable) : null;
    return { quote, unitPrice: job.sandbox === 1 || !quote ? 0n : quote.unitPriceMicros };
  }

  async function release(job: JobRow, actor: Actor, cancelled = 0) {
    if (!job.reservation_id) return null;
    return billing.release(job.tenant_id, job.reservation_id, actor, releaseNote(job, cancelled));
  }

  return {
    repo,

    /** A job in state draft: it holds items but no funds, and no worker touches it. */
    async createDraft(origin: JobOrigin): Promise<string> {
      const id = randomUUID();
      await repo.insertDraft({
        id,
        tenantId: origin.tenantId,
        kind: origin.kind,
        channel: origin.channel,
        service: origin.service,
        submittedBy: origin.userId,
        defaultCountry: origin.defaultCountry ?? null,
        fileName: origin.file?.name ?? null,
        fileColumn: origin.file?.column ?? null,
        fileHeader: origin.file ? (origin.file.header ? 1 : 0) : null,
        sandbox: origin.test || processor.sandbox(origin.service) ? 1 : 0,
      });
      return id;
    },

    /**
     * Reads a draft's numbers as they arrive and writes them in batches; nothing of the whole list
     * is kept but the set of numbers seen. A failure deletes the draft, so nothing half-read stays.
     */
    async ingest(
      tenantId: string,
      jobId: string,
      /** The rows in pieces (a file's as they were read, a list's as one): one await a piece. */
      inputs: AsyncIterable<readonly IngestRow[]> | Iterable<readonly IngestRow[]>,
      options: {
        service: ServiceCode;
        defaultCountry?: string;
        maxRows?: number;
        test?: boolean;
        /** Collects the file's other cells of the rows written (file-columns.ts); absent: only numbers. */
        columns?: FileColumnsCollector;
      },
    ) {
      const maxRows = Math.min(options.maxRows ?? limits.maxRows, limits.maxRows);
      // The organisation's block and allow lists, read once for the whole job.
      const lists = NEEDS[options.service].fraud ? await fraudLists.lists(tenantId) : undefined;
      const sorter = classifier(options.service, options.defaultCountry, processor, lists, options.test);
      const velocityOf = fraudVelocity(db);
      // Items a worker must still look up are rows (`batch`); answered and rejected ones go to a
      // chunk of items as they are read (item-chunks.ts). Fraud scores wait in `batch` for the
      // batch's velocities, then join the chunk in order.
      let batch: NewItem[] = [];
      const answered = chunkBuilder();
      const held = (item: NewItem) => item.status === "queued" || sorter.scoresFraud;
      // One batch is written while the next is read and checked (on PostgreSQL the database
      // works on the other core); at most one write is in flight.
      let writing: Promise<void> = Promise.resolve();
      const flush = async () => {
        await writing;
        const rows = batch;
        batch = [];
        // Taken now, compressed on a thread-pool thread while the batch is scored and written.
        const chunk = columns?.take();
        if (sorter.scoresFraud) {
          await sorter.scoreVelocity(rows, (e164s) => velocityOf(tenantId, e164s));
          for (const item of rows) if (item.status !== "queued") answered.add(item);
        }
        const queued = sorter.scoresFraud ? rows.filter((item) => item.status === "queued") : rows;
        const items = answered.take();
        writing = Promise.all([
          repo.insertItems(db, tenantId, jobId, queued),
          items.then((taken) => taken && repo.insertChunk(db, tenantId, jobId, taken)),
          chunk?.then((taken) => taken && repo.insertColumns(db, tenantId, jobId, taken)),
        ]).then(() => undefined);
        // Failures surface at the next flush or at the end; never unhandled meanwhile.
        writing.catch(() => undefined);
      };
      const { columns } = options;
      let junk = 0;
      try {
        for await (const rows of inputs) {
          for (const row of rows) {
            if (sorter.counts.total >= maxRows) {
              // Count the rest so the error can say how many there are.
              sorter.counts.total++;
              continue;
            }
            const item = sorter.next(typeof row === "string" ? row : row.number);
            if (item.rejectReason !== null && JUNK_REASONS.has(item.rejectReason)) {
              junk += 1;
              const read = sorter.counts.total;
              if (junk > JUNK_REFUSE_AFTER && junk > read * JUNK_SHARE) {
                throw new AppError("fileMostlyJunk", { rows: read, junk }, { rows: read, junk });
              }
              if (junk > JUNK_STORED) continue;
            }
            if (held(item)) batch.push(item);
            else answered.add(item);
            if (columns && typeof row !== "string") columns.add(item.seq, row.cells);
            if (
              batch.length + answered.size >= INSERT_BATCH ||
              (columns && columns.chars >= KEPT_BATCH_CHARS)
            )
              await flush();
          }
        }
        await flush();
        await writing;
        const { total, duplicates, invalid } = sorter.counts;
        if (total > maxRows)
          throw new AppError(
            "jobTooManyRows",
            { max: maxRows, count: total },
            { max: maxRows, count: total },
          );
        if (total === 0) throw new AppError("fileEmpty");
        await repo.setCounts(db, tenantId, jobId, { total, duplicates, invalid }, columns?.kept() ?? null);
      } catch (error) {
        await writing.catch(() => undefined);
        await repo.deleteJob(tenantId, jobId);
        throw error;
      }
    },

    /** The summary shown before submitting: counts, estimated cost, balance after. */
    async draftSummary(tenantId: string, jobId: string) {
      const job = await this.job(tenantId, jobId);
      const view = progress(job);
      const { unitPrice, quote } = await priceOf(job, view.chargeable);
      const total = unitPrice * BigInt(view.chargeable);
      const { balanceMicros, currency } = await billing.balance(tenantId);
      return {
        ...view,
        estimate: {
          unitPriceMicros: unitPrice.toString(),
          totalMicros: total.toString(),
          currency: quote?.currency ?? currency,
        },
        balanceMicros: balanceMicros.toString(),
        balanceAfterMicros: (balanceMicros - total).toString(),
        enoughBalance: balanceMicros >= total,
      };
    },

    /**
     * Submits a draft: prices its chargeable numbers and reserves them; those already answered
     * while reading are settled at once, in the transaction that moves the job on; the rest are
     * queued for the worker (or the job completes when nothing is left).
     */
    async submit(tenantId: string, jobId: string, actor: Actor) {
      const job = await this.job(tenantId, jobId);
      if (job.status !== "draft") throw new AppError("jobNotDraft");
      const counts = Object.fromEntries(
        (await repo.statusCounts(tenantId, jobId)).map((c) => [c.value, c.n]),
      );
      const ready = counts.done ?? 0;
      const queued = counts.queued ?? 0;
      if (queued > 0) await checkConcurrent(db, tenantId);
      const chargeable = ready + queued;
      const { unitPrice, quote } = await priceOf(job, chargeable);
      const reservation =
        unitPrice > 0n
          ? (
              await billing.reserve({
                tenantId,
                tradeType:
                  job.channel === "api" ? TRADE_TYPES.dataApiDetection : TRADE_TYPES.dataWebDetection,
                amountMicros: unitPrice * BigInt(chargeable),
                service: job.service,
                quantity: chargeable,
                idempotencyKey: `detection_job:${jobId}`,
                reference: { type: "detection_job", id: jobId },
                actor,
                note: {
                  key: "jobReserved",
                  params: { total: job.total, chargeable, duplicates: job.duplicates, invalid: job.invalid },
                },
              })
            ).reservation
          : null;
      const readyCost = unitPrice * BigInt(ready);
      let finished: JobRow | null = null;
      try {
        finished = await db.transaction(async (tx) => {
          await repo.lockTenant(tx, tenantId);
          const locked = await repo.lockJob(tx, tenantId, jobId);
          if (locked?.status !== "draft") throw new AppError("jobNotDraft");
          if (queued > 0) await checkConcurrent(tx, tenantId);
          if (reservation && readyCost > 0n) await billing.settle(tenantId, reservation.id, readyCost, tx);
          const status = queued > 0 ? "queued" : "completed";
          await repo.queue(tx, tenantId, jobId, {
            status,
            done: ready,
            chargedMicros: readyCost,
            unitPriceMicros: unitPrice,
            currency: quote?.currency ?? job.currency,
            reservationId: reservation?.id ?? null,
          });
          if (status === "queued") return null;
          const done = (await repo.lockJob(tx, tenantId, jobId))!;
          await notices.notify(jobCompletedNotice(done), tx);
          await enqueueJobEvent(tx, tenantId, progress(done));
          return done;
        });
      } catch (error) {
        if (reservation) await billing.release(tenantId, reservation.id, actor, `job ${jobId} not submitted`);
        throw error;
      }
      if (finished) await release(finished, actor);
      return progress((await repo.job(tenantId, jobId))!);
    },

    /** Throws a draft away (a new file or column was chosen, or the user changed their mind). */
    async discard(tenantId: string, jobId: string) {
      const job = await this.job(tenantId, jobId);
      if (job.status !== "draft") throw new AppError("jobNotDraft");
      await repo.deleteJob(tenantId, jobId);
    },

    async createListJob(input: CreateListJob) {
      const maxRows = Math.min(input.maxRows ?? limits.maxRows, limits.maxRows);
      if (input.numbers.length > maxRows)
        throw new AppError(
          "jobTooManyRows",
          { max: maxRows, count: input.numbers.length },
          { max: maxRows, count: input.numbers.length },
        );
      if (input.numbers.length === 0) throw new AppError("badRequest");
      return this.createJob({ ...input, maxRows }, [input.numbers]);
    },

    /**
     * Makes a list job of `rows` and submits it (or keeps it a draft to be reviewed first): every
     * job made of numbers already at hand, a pasted list or a job's failed rows, is priced, held and
     * charged by this one path.
     */
    async createJob(
      input: Omit<CreateListJob, "numbers">,
      rows: AsyncIterable<readonly IngestRow[]> | Iterable<readonly IngestRow[]>,
    ) {
      if (!input.draft) await checkConcurrent(db, input.tenantId);
      const id = await this.createDraft({ ...input, kind: "list" });
      await this.ingest(input.tenantId, id, rows, input);
      if (input.draft) return this.draftSummary(input.tenantId, id);
      const actor: Actor = input.actor ?? { type: "user", id: input.userId ?? undefined };
      try {
        return await this.submit(input.tenantId, id, actor);
      } catch (error) {
        await repo.deleteJob(input.tenantId, id);
        throw error;
      }
    },

    /**
     * A new job of a finished job's failed rows, as they were entered, with its service and default
     * country. The rows are read a page at a time as the new job is written, and the new job is
     * priced and charged as any other.
     */
    async retryFailed(
      tenantId: string,
      jobId: string,
      request: Pick<CreateListJob, "userId" | "channel" | "draft" | "actor" | "test">,
    ) {
      const job = await this.job(tenantId, jobId);
      if (!(FINISHED_STATUSES as readonly string[]).includes(job.status))
        throw new AppError("jobNotFinished");
      if (job.failed === 0) throw new AppError("jobNoFailedRows");
      const failed = jobItems(repo, tenantId, job, { status: "failed" }, { pageSize: INSERT_BATCH });
      return this.createJob(
        {
          ...request,
          tenantId,
          service: job.service as ServiceCode,
          defaultCountry: job.default_country ?? undefined,
          // A sandbox job's rows are tried again in the sandbox.
          test: request.test || job.sandbox === 1,
        },
        inputPages(failed),
      );
    },

    async status(tenantId: string, jobId: string) {
      return progress(await this.job(tenantId, jobId));
    },

    async items(tenantId: string, jobId: string, query: ItemFilter & { cursor?: number; limit: number }) {
      const job = await this.job(tenantId, jobId);
      const paid = job.status !== "draft";
      const { rows, nextCursor } = await pageOfItems(repo, tenantId, job, query);
      return {
        items: rows.map((r) => ({
          seq: r.seq,
          input: r.input,
          e164: r.e164,
          status: r.status,
          rejectReason: r.reject_reason,
          // A result computed while reading a draft is shown only once the draft is submitted.
          result: paid && r.status === "done" ? r.result : null,
          costMicros: r.cost_micros,
          finishedAt: r.finished_at,
          ledgerEntryId: r.ledger_entry_id,
        })),
        nextCursor,
      };
    },

    /** The job or 404: every per-job read starts here, so another tenant's id is just not found. */
    async job(tenantId: string, jobId: string): Promise<JobRow> {
      const job = await repo.job(tenantId, jobId);
      if (!job) throw new AppError("notFound");
      return job;
    },

    /** What the result view charts: items by status and, of the checked ones, by facet. */
    async summary(tenantId: string, jobId: string) {
      const job = await this.job(tenantId, jobId);
      if (job.status === "draft") {
        // Answers of a draft are not shown before it is paid for: counts and reasons only.
        const [status, rejectReason] = await Promise.all([
          repo.statusCounts(tenantId, jobId),
          repo.facetCounts(tenantId, jobId, "reject_reason", 20),
        ]);
        return { status, outcome: [], lineType: [], country: [], carrier: [], risk: [], rejectReason };
      }
      const [status, outcome, lineType, country, carrier, risk, rejectReason] = await Promise.all([
        repo.statusCounts(tenantId, jobId),
        repo.facetCounts(tenantId, jobId, "outcome", 20),
        repo.facetCounts(tenantId, jobId, "line_type", 20),
        repo.facetCounts(tenantId, jobId, "country", 30),
        repo.facetCounts(tenantId, jobId, "carrier", 30),
        repo.facetCounts(tenantId, jobId, "risk", 10),
        repo.facetCounts(tenantId, jobId, "reject_reason", 20),
      ]);
      return { status, outcome, lineType, country, carrier, risk, rejectReason };
    },

    /** Stops a job: queued items are rejected "cancelled" and the unused funds come back at once. */
    async cancelJob(tenantId: string, jobId: string, actor: Actor) {
      const outcome = await db.transaction(async (tx) => {
        const job = await repo.lockJob(tx, tenantId, jobId);
        if (!job) throw new AppError("notFound");
        if (!(OPEN_STATUSES as readonly string[]).includes(job.status)) throw new AppError("jobClosed");
        const cancelled = await repo.rejectQueued(tx, tenantId, jobId, "cancelled");
        await repo.setStatus(tx, tenantId, jobId, "cancelled");
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
