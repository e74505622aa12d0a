import { randomUUID } from "node:crypto";
import type { ServiceCode } from "@nc/contracts/services";
import { Semaphore } from "@nc/numcheck/providers/semaphore";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { roundLoop } from "../../background/round-loop";
import type { Db, Tx } from "../../core/db";
import { DAY_MS, HOUR_MS } from "../../core/time";
import { queryRows } from "../../db/query";
import type { Actor } from "../billing/index";
import { fraudVelocity, NEEDS, resultFacets, type VelocityCounts } from "../detection/index";
import { type FraudLists, fraudListService } from "../fraud-list/index";
import { enqueueJobEvent } from "../webhook/index";
import { jobCompletedNotice } from "./job-notice";
import type { ClaimedItem, ItemOutcome, JobRow } from "./job-repo";
import { type JobMoney, type JobService, progress, releaseNote } from "./job-service";
import type { ItemProcessor } from "./process-item";

export interface WorkerOptions {
  /** Items claimed per round. */
  batch: number;
  /**
   * Items checked at the same time, across the rounds in flight (the runtime sizes it from the
   * look-up providers' concurrency unless WORKER_CONCURRENCY is set).
   */
  concurrency: number;
  leaseSeconds: number;
  /** Attempts before an item that keeps throwing is marked failed. */
  maxAttempts?: number;
  /** Pause when there was nothing to do. */
  idleMs?: number;
  id?: string;
  /** How long drafts and finished jobs are kept; the worker deletes them after. */
  retention?: { draftHours: number; resultDays: number };
}

/** How often a running worker looks for jobs past retention. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;

const SYSTEM: Actor = { type: "system" };

/** What the worker needs of a job to check its items. */
interface JobInfo {
  service: ServiceCode;
  tenantId: string;
  partnerId: string | null;
  /** Made with a test key: answered by the sandbox, free. */
  sandbox: boolean;
}

/**
 * The job worker: claims leased items (SKIP LOCKED), checks them, and per job and chunk writes the
 * results, bumps the counters and settles the chunk's cost in ONE transaction, so an item is
 * charged exactly once whatever crashes. The last chunk completes the job and releases the rest.
 *
 * Rounds overlap (docs/performance.md, "Bulk HLR job"): the next batch is claimed as soon as every
 * item of the last one has a lane, so the lanes stay busy while a round's slowest items (a look-up
 * retried after a back-off) finish; each round is still written in its own transaction.
 */
export function jobWorker(
  db: Db,
  { billing, notices }: Pick<JobMoney, "billing" | "notices">,
  jobs: JobService,
  processor: ItemProcessor,
  options: WorkerOptions,
  log?: FastifyBaseLogger,
) {
  const id = options.id ?? `worker-${randomUUID()}`;
  const maxAttempts = options.maxAttempts ?? 3;
  const repo = jobs.repo;
  /** The lanes, shared by every round in flight. */
  const lanes = new Semaphore(options.concurrency);

  /** Checks a round's items of one job; `onLane` is called as each item gets its lane. */
  async function processAll(
    items: ClaimedItem[],
    job: JobInfo,
    lists: FraudLists | undefined,
    velocity: VelocityCounts | undefined,
    onLane: () => void,
  ): Promise<ItemOutcome[]> {
    const { service } = job;
    return Promise.all(
      items.map((item) =>
        lanes.run(async (): Promise<ItemOutcome> => {
          onLane();
          try {
            const result = await processor.process({
              service,
              e164: item.e164!,
              tenantId: job.tenantId,
              partnerId: job.partnerId,
              lists,
              test: job.sandbox,
              velocity24h: velocity?.(item.e164!),
            });
            return { seq: item.seq, status: "done", result, facets: resultFacets(service, result) };
          } catch (error) {
            const message = error instanceof Error ? error.message : String(error);
            return {
              seq: item.seq,
              status: item.attempts >= maxAttempts ? "failed" : "queued",
              result: { error: message },
              facets: null,
            };
          }
        }),
      ),
    );
  }

  type ChunkWriter = (tx: Tx, price: bigint) => Promise<{ done: number; failed: number; costMicros: bigint }>;

  /**
   * Writes one chunk of a job under its row lock and settles its cost in the same transaction;
   * answers the job when this chunk finished it.
   */
  async function finishChunk(tenantId: string, jobId: string, write: ChunkWriter): Promise<JobRow | null> {
    return db.transaction(async (tx) => {
      const job = await repo.lockJob(tx, tenantId, jobId);
      // Cancelled meanwhile: its items were rejected; nothing to write or charge.
      if (!job || (job.status !== "queued" && job.status !== "running")) return null;
      const price = BigInt(job.unit_price_micros);
      const { done, failed, costMicros } = await write(tx, price);
      if (costMicros > 0n && job.reservation_id)
        await billing.settle(job.tenant_id, job.reservation_id, costMicros, tx);
      if (done + failed > 0) await repo.bumpCounters(tx, tenantId, jobId, done, failed, costMicros);
      if (await repo.hasQueued(tx, tenantId, jobId)) return null;
      await repo.setStatus(tx, tenantId, jobId, "completed");
      const finished = await repo.lockJob(tx, tenantId, jobId);
      // Told once, in the same transaction that completes the job.
      if (finished) await notices.notify(jobCompletedNotice(finished), tx);
      if (finished) await enqueueJobEvent(tx, finished.tenant_id, progress(finished));
      return finished ?? null;
    });
  }

  async function completed(job: JobRow) {
    if (job.reservation_id)
      await billing.release(job.tenant_id, job.reservation_id, SYSTEM, releaseNote(job));
  }

  /** One job's items of a round: checked, then written and settled as one chunk. */
  async function runChunk(jobId: string, items: ClaimedItem[], onLane: () => void) {
    const job = await jobOf(jobId);
    const { service, tenantId } = job;
    // The organisation's lists as they are now: a list changed mid-job applies from the next chunk.
    const lists = NEEDS[service].fraud ? await fraudLists.lists(tenantId) : undefined;
    const velocity = NEEDS[service].fraud
      ? await velocityOf(
          tenantId,
          items.map((i) => i.e164!),
        )
      : undefined;
    const outcomes = await processAll(items, job, lists, velocity, onLane);
    const finished = await finishChunk(tenantId, jobId, (tx, price) =>
      repo.finishItems(tx, id, tenantId, jobId, price, outcomes),
    );
    if (finished) await completed(finished);
  }

  /**
   * Claims a batch and starts checking it. `laned` settles once every claimed item has a lane (or
   * the round failed first), `done` once the round is written.
   */
  async function startRound(): Promise<{ claimed: number; laned: Promise<void>; done: Promise<void> }> {
    const claimed = await repo.claimAnyOrganisation(id, options.batch, options.leaseSeconds);
    let waiting = claimed.length;
    let allLaned = () => {};
    const laned = new Promise<void>((resolve) => {
      allLaned = resolve;
      if (waiting === 0) resolve();
    });
    const onLane = () => {
      waiting -= 1;
      if (waiting === 0) allLaned();
    };
    const byJob = new Map<string, ClaimedItem[]>();
    for (const item of claimed) {
      const items = byJob.get(item.job_id);
      if (items) items.push(item);
      else byJob.set(item.job_id, [item]);
    }
    const done = (async () => {
      try {
        // Every chunk is let finish before a failed one is reported: none is left running unwatched.
        const chunks = await Promise.allSettled(
          [...byJob].map(([jobId, items]) => runChunk(jobId, items, onLane)),
        );
        for (const chunk of chunks) if (chunk.status === "rejected") throw chunk.reason;
        // Jobs that finished while a release failed (or a worker died in between): release now.
        for (const job of await repo.unreleasedAnyOrganisation()) await completed(job);
      } finally {
        allLaned();
      }
    })();
    return { claimed: claimed.length, laned, done };
  }

  /** One round: claim, check, write. Answers how many items it handled. */
  async function runOnce(): Promise<number> {
    const round = await startRound();
    await round.done;
    return round.claimed;
  }

  let stopping = false;
  /** Enough rounds to fill the lanes, and a few whose last items (a retried look-up) are still out. */
  const maxRoundsInFlight = Math.ceil(options.concurrency / options.batch) + 3;
  /**
   * Rounds until nothing is left to claim (or `maxRounds`, or the worker stops), each claimed once
   * the last one's items all have lanes. Answers how many items it handled; a round that fails
   * lets the others finish, then throws.
   */
  async function flow(maxRounds: number): Promise<number> {
    const inFlight = new Set<Promise<void>>();
    const errors: unknown[] = [];
    let handled = 0;
    /** Rounds written so far: one written while a claim found nothing may have put items back. */
    let written = 0;
    for (let round = 0; round < maxRounds && !stopping && errors.length === 0; round++) {
      // PGlite answers in microtasks: a real pause keeps a busy worker from starving requests.
      await new Promise((resolve) => setImmediate(resolve));
      // Rounds checked faster than they are written (a job's chunks are written one at a time) would
      // otherwise pile up their results in memory, and their leases run out.
      while (inFlight.size >= maxRoundsInFlight) await Promise.race(inFlight);
      const writtenBefore = written;
      const next = await startRound().catch((error: unknown) => {
        errors.push(error);
        return null;
      });
      if (!next) break;
      if (next.claimed === 0) {
        // Nothing claimed; the round still released holds a dead worker left open.
        await next.done.catch((error: unknown) => void errors.push(error));
        if (errors.length > 0) break;
        // The last round in flight may have been written after this claim looked (a failed attempt
        // back in the queue): look once more before stopping.
        if (inFlight.size === 0) {
          if (written === writtenBefore) break;
          continue;
        }
        // A round in flight may put items back in the queue (a failed attempt): look again after it.
        await Promise.race(inFlight);
        continue;
      }
      handled += next.claimed;
      const done: Promise<void> = next.done
        .catch((error: unknown) => void errors.push(error))
        .finally(() => {
          written += 1;
          inFlight.delete(done);
        });
      inFlight.add(done);
      await Promise.race([next.laned, done]);
    }
    await Promise.all(inFlight);
    if (errors.length > 0) throw errors[0];
    return handled;
  }

  const jobInfo = new Map<string, JobInfo>();
  async function jobOf(jobId: string): Promise<JobInfo> {
    let job = jobInfo.get(jobId);
    if (!job) {
      const rows = await queryRows<{
        service: ServiceCode;
        tenant_id: string;
        sandbox: number;
        partner_id: string | null;
      }>(
        db,
        sql`select j.service, j.tenant_id, j.sandbox, t.partner_id from detection_jobs j
            left join tenants t on t.id = j.tenant_id where j.id = ${jobId}`,
      );
      job = {
        service: rows[0]?.service ?? "basic",
        tenantId: rows[0]?.tenant_id ?? "",
        partnerId: rows[0]?.partner_id ?? null,
        sandbox: Number(rows[0]?.sandbox ?? 0) === 1,
      };
      if (jobInfo.size > 1_000) jobInfo.clear();
      jobInfo.set(jobId, job);
    }
    return job;
  }
  const fraudLists = fraudListService(db);
  const velocityOf = fraudVelocity(db);

  /**
   * Deletes drafts and finished jobs past retention, job by job (items in slices). Answers how
   * many jobs went. Several workers may sweep at once: deleting twice is harmless.
   */
  async function sweep(now = Date.now()): Promise<number> {
    const retention = options.retention;
    if (!retention) return 0;
    let deleted = 0;
    for (;;) {
      const expired = await repo.expiredAnyOrganisation(
        new Date(now - retention.draftHours * HOUR_MS),
        new Date(now - retention.resultDays * DAY_MS),
      );
      for (const job of expired) await repo.deleteJob(job.tenant_id, job.id);
      deleted += expired.length;
      if (expired.length === 0) return deleted;
    }
  }
  const background = roundLoop({
    round: () => flow(Number.POSITIVE_INFINITY),
    tidy: () => sweep(),
    tidyEveryMs: SWEEP_EVERY_MS,
    idleMs: options.idleMs,
    log,
    logContext: { worker: id },
    messages: { failed: "job worker round failed", tidied: "jobs past retention deleted" },
  });

  return {
    id,
    /** Items it checks at the same time. */
    concurrency: options.concurrency,
    runOnce,
    sweep,

    /** Runs rounds until nothing is left to claim. */
    drain: (maxRounds = 100_000) => flow(maxRounds),

    start: background.start,
    /** Nudges an idle worker (a new job was created). */
    wake: background.wake,
    /** Lets the rounds in hand finish and claims no more. */
    async stop() {
      stopping = true;
      try {
        await background.stop();
      } finally {
        stopping = false;
      }
    },
  };
}

export type JobWorker = ReturnType<typeof jobWorker>;
