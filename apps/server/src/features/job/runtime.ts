import type { LookupProvider } from "@nc/numcheck/types";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../core/db";
import { createLookups } from "../lookup/index";
import { type JobMoney, type JobService, jobService } from "./job-service";
import { defaultProcessor, type ItemProcessor } from "./process-item";
import { type JobWorker, jobWorker } from "./worker";

export interface JobRuntime {
  service: JobService;
  worker: JobWorker;
  processor: ItemProcessor;
}

/**
 * Builds the job service, its item processor and a worker from the configuration. The server and
 * the standalone `worker run` process use this one function, so both check and charge alike.
 */
export function createJobRuntime(
  db: Db,
  money: JobMoney,
  config: Config,
  log?: FastifyBaseLogger,
  lookup: LookupProvider = createLookups(db, config, log).lookup,
): JobRuntime {
  // One provider for the process: one breaker, one concurrency limit, one cache.
  const processor = defaultProcessor(lookup);
  const service = jobService(
    db,
    { maxRows: config.JOB_MAX_ROWS, maxConcurrent: config.JOB_MAX_CONCURRENT },
    processor,
    money,
  );
  const worker = jobWorker(
    db,
    money,
    service,
    processor,
    {
      batch: config.WORKER_BATCH,
      concurrency: workerConcurrency(config, lookup),
      leaseSeconds: config.WORKER_LEASE_SECONDS,
      stragglerMs: config.LOOKUP_STRAGGLER_MS,
      retention: { draftHours: config.DRAFT_RETENTION_HOURS, resultDays: config.RESULT_RETENTION_DAYS },
    },
    log,
  );
  return { service, worker, processor };
}

/** Lanes of a worker when WORKER_CONCURRENCY leaves it to the providers (it is 0 then). */
const MIN_LANES = 4;

/**
 * How many items a worker checks at once: WORKER_CONCURRENCY when set, else as many as the
 * look-up providers take at once (LOOKUP_CONCURRENCY over the providers), so the limit the
 * operator sets per provider is what a bulk job reaches (docs/performance.md, "Bulk HLR job").
 */
export function workerConcurrency(
  config: Pick<Config, "WORKER_CONCURRENCY">,
  lookup: LookupProvider,
): number {
  if (config.WORKER_CONCURRENCY > 0) return config.WORKER_CONCURRENCY;
  return Math.max(MIN_LANES, lookup.concurrency ?? 0);
}
