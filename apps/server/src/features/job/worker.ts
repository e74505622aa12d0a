import { randomUUID } from "node:crypto";
import type { ServiceCode } from "@nc/contracts/services";
import { Semaphore } from "@nc/numcheck/providers/semaphore";
import { sleep } from "@nc/numcheck/providers/sleep";
import { StragglerPool } from "@nc/numcheck/providers/straggler";
import { LookupError } from "@nc/numcheck/types";
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
  /**
   * An item still being checked after this long gives its lane back (up to `concurrency` such
   * items) and is written on its own when it ends, so a slow look-up holds neither a lane nor its
   * round (LOOKUP_STRAGGLER_MS; 0 or absent: never).
   */
  stragglerMs?: number;
  /** Attempts before an item that keeps throwing is marked failed. */
  maxAttempts?: number;
  /** Pause when there was nothing to do. */
  idleMs?: number;
  id?: string;
  /** How long drafts and finished jobs are kept; the worker deletes them after. */
  retention?: { draftHours: number; resultDays: number };
}

/** How long an item waits when its provider's breaker is open and says nothing of its cool-down. */
const BREAKER_WAIT_MS = 30_000;

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
 * retried after a back-off) finish; each round is still written in its own transaction. An item
 * that outlives `stragglerMs` gives its lane back and is written after the rest of its round, so
 * one slow provider answer in a hundred holds up neither the lanes nor the round's results.
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
  /** Items that gave their lane back while still being checked. */
  const stragglers = new StragglerPool(options.concurrency, options.stragglerMs ?? 0);

  /** Checks one item; never throws (a failure is the item's outcome: retried or failed). */
  async function check(
    item: ClaimedItem,
    job: JobInfo,
    lists: FraudLists | undefined,
    velocity: VelocityCounts | undefined,
  ): Promise<ItemOutcome> {
    const { service } = job;
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
      // The provider was not asked (its breaker is open): the item waits for it, attempt unspent,
      // rather than spend its three tries in a second and fail (docs/performance.md, "Bulk HLR job").
      if (error instanceof LookupError && error.kind === "circuit_open") {
        const deferMs = Math.max(1_000, error.retryAfterMs ?? BREAKER_WAIT_MS);
        return { seq: item.seq, status: "queued", result: { error: message }, facets: null, deferMs };
      }
      return {
        seq: item.seq,
        status: item.attempts >= maxAttempts ? "failed" : "queued",
        result: { error: message },
        facets: null,
      };
    }
  }

  /**
   * Checks a round's items of one job; `onLane` is called as each item gets its lane. `first`
   * settles once every item has answered or become a straggler, with the answers so far; `late`
   * with the answers that came after, once every item has one.
   */
  function processAll(
    items: ClaimedItem[],
    job: JobInfo,
    lists: FraudLists | undefined,
    velocity: VelocityCounts | undefined,
    onLane: () => void,
  ): { first: Promise<ItemOutcome[]>; late: Promise<ItemOutcome[]> } {
    const early: ItemOutcome[] = [];
    const after: ItemOutcome[] = [];
    /** Items that have neither answered nor become stragglers. */
    let open = items.length;
    let firstSettled = false;
    let settleFirst: (outcomes: ItemOutcome[]) => void = () => {};
    const first = new Promise<ItemOutcome[]>((resolve) => {
      settleFirst = resolve;
    });
    const close = () => {
      open -= 1;
      if (open > 0 || firstSettled) return;
      firstSettled = true;
      settleFirst(early);
    };
    if (items.length === 0) settleFirst(early);
    const all = items.map(async (item) => {
      let straggled = false;
      const release = await lanes.acquire();
      onLane();
      const outcome = await stragglers.hold(
        release,
        () => check(item, job, lists, velocity),
        () => {
          straggled = true;
          close();
        },
      );
      (firstSettled ? after : early).push(outcome);
      if (!straggled) close();
    });
    return { first, late: Promise.all(all).then(() => after) };
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

  /** Writes outcomes of a job as one chunk (none: nothing) and releases its hold if it finished. */
  async function writeChunk(tenantId: string, jobId: string, outcomes: ItemOutcome[]) {
    if (outcomes.length === 0) return;
    const finished = await finishChunk(tenantId, jobId, (tx, price) =>
      repo.finishItems(tx, id, tenantId, jobId, price, outcomes),
    );
    if (finished) await completed(finished);
  }

  /**
   * One job's items of a round: checked, then written and settled as one chunk; the stragglers'
   * answers as one more chunk, whose write is `tail`.
   */
  async function runChunk(
    jobId: string,
    items: ClaimedItem[],
    onLane: () => void,
  ): Promise<{ tail: Promise<void> }> {
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
    const { first, late } = processAll(items, job, lists, velocity, onLane);
    await writeChunk(tenantId, jobId, await first);
    return { tail: late.then((outcomes) => writeChunk(tenantId, jobId, outcomes)) };
  }

  /**
   * Claims a batch and starts checking it. `laned` settles once every claimed item has a lane (or
   * the round failed first), `written` once the round is written but for its stragglers (it never
   * rejects), `done` once they are written too.
   */
  async function startRound(): Promise<{
    claimed: number;
    laned: Promise<void>;
    written: Promise<void>;
    done: Promise<void>;
  }> {
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
    // Every chunk is let finish before a failed one is reported: none is left running unwatched.
    const heads = Promise.allSettled(
      [...byJob].map(([jobId, items]) => runChunk(jobId, items, onLane)),
    ).finally(allLaned);
    const done = (async () => {
      const chunks = await heads;
      const tails = await Promise.allSettled(
        chunks.flatMap((chunk) => (chunk.status === "fulfilled" ? [chunk.value.tail] : [])),
      );
      for (const chunk of [...chunks, ...tails]) if (chunk.status === "rejected") throw chunk.reason;
      // Jobs that finished while a release failed (or a worker died in between): release now.
      for (const job of await repo.unreleasedAnyOrganisation()) await completed(job);
    })();
    return { claimed: claimed.length, laned, written: heads.then(() => {}), done };
  }

  /** One round: claim, check, write. Answers how many items it handled. */
  async function runOnce(): Promise<number> {
    const round = await startRound();
    await round.done;
    return round.claimed;
  }

  let stopping = false;
  /**
   * Rounds not yet written (stragglers aside): enough to fill the lanes, and a few whose last items
   * (a retried look-up) are still out.
   */
  const maxRoundsInFlight = Math.ceil(options.concurrency / options.batch) + 3;
  /**
   * Rounds until nothing is left to claim (or `maxRounds`, or the worker stops), each claimed once
   * the last one's items all have lanes. Answers how many items it handled; a round that fails
   * lets the others finish, then throws. `waitForDeferred`: nothing left to claim but items waiting
   * for a provider's breaker, it waits for them too.
   */
  async function flow(maxRounds: number, waitForDeferred = false): Promise<number> {
    /** Rounds not yet written but for their stragglers: at most maxRoundsInFlight. */
    const inFlight = new Set<Promise<void>>();
    /** Rounds not yet written in full; a round waiting only on stragglers is here alone. */
    const unfinished = new Set<Promise<void>>();
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
        if (unfinished.size === 0) {
          if (written !== writtenBefore) continue;
          // Items waiting for a provider's breaker: a drain waits for them (a running worker's
          // loop comes back on its own), at most 30 s at a time so it sees new work meanwhile.
          const deferred = waitForDeferred ? await repo.nextDeferredMs() : null;
          if (deferred === null) break;
          await sleep(Math.min(Math.max(deferred, 50), 30_000));
          continue;
        }
        // A round in flight may put items back in the queue (a failed attempt): look again after it.
        await Promise.race(unfinished);
        continue;
      }
      handled += next.claimed;
      const done: Promise<void> = next.done
        .catch((error: unknown) => void errors.push(error))
        .finally(() => {
          written += 1;
          unfinished.delete(done);
        });
      unfinished.add(done);
      const head: Promise<void> = Promise.race([next.written, done]).finally(() => inFlight.delete(head));
      inFlight.add(head);
      await Promise.race([next.laned, head]);
    }
    await Promise.all(unfinished);
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

    /** Runs rounds until nothing is left to claim, waiting for items deferred by an open breaker. */
    drain: (maxRounds = 100_000) => flow(maxRounds, true),

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
