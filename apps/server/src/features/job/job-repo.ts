import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import type { BasicResult } from "@nc/numcheck/types";
import { type SQL, sql } from "drizzle-orm";
import type { Db, Runner, Tx } from "../../core/db";
import { byteaColumn, byteaParam, fromBase64, prefixPattern, queryRows } from "../../db/query";
import { detectionJobs } from "../../db/schema/index";
import type { ResultFacets } from "../detection/index";
import type { ColumnsChunk, FileColumnsInfo } from "./file-columns";
import type { ItemChunk } from "./item-chunks";

export const OPEN_STATUSES = ["queued", "running"] as const;
/** A job in one of these has ended: nothing of it changes any more. */
export const FINISHED_STATUSES = ["completed", "cancelled", "failed"] as const;

export interface NewItem {
  seq: number;
  input: string;
  e164: string | null;
  /** queued or rejected. */
  status: string;
  rejectReason: string | null;
  /** Set when the service was answered offline while reading: the worker only charges it. */
  result?: SingleCheckResultView | null;
  facets?: ResultFacets | null;
  /**
   * The basic check behind an offline fraud score, kept until the batch is written so the score
   * can take the numbers' velocity (looked up for the whole batch at once). Not stored.
   */
  basic?: BasicResult;
}

/** What a draft job is made with (job-service.createDraft). */
export interface NewDraft {
  id: string;
  tenantId: string;
  kind: string;
  channel: string;
  service: string;
  submittedBy: string | null;
  defaultCountry: string | null;
  fileName: string | null;
  fileColumn: number | null;
  /** 1 when the file's first row is a header, 0 when not, null for a pasted list. */
  fileHeader: number | null;
  /** 1: answered by the sandbox and never charged. */
  sandbox: number;
}

export interface JobRow {
  id: string;
  tenant_id: string;
  kind: string;
  channel: string;
  service: string;
  status: string;
  total: number;
  done: number;
  failed: number;
  duplicates: number;
  invalid: number;
  unit_price_micros: string;
  charged_micros: string;
  currency: string;
  reservation_id: string | null;
  submitted_by: string | null;
  default_country: string | null;
  file_name: string | null;
  /** The number's column in an uploaded file (0-based). */
  file_column: number | null;
  /** The file's own columns, when they were kept (file-columns.ts). */
  file_columns: FileColumnsInfo | null;
  sandbox: number;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
}

export interface ClaimedItem {
  job_id: string;
  seq: number;
  e164: string | null;
  attempts: number;
}

export interface ItemOutcome {
  seq: number;
  /** done, failed, or queued (give the item back for another attempt). */
  status: "done" | "failed" | "queued";
  result: unknown;
  facets: ResultFacets | null;
  /**
   * Queued again without using up the attempt, not claimed before this many ms: the provider was
   * not asked (its breaker is open), so the item waits for it instead of failing.
   */
  deferMs?: number;
}

export interface ItemRow {
  seq: number;
  input: string;
  e164: string | null;
  status: string;
  reject_reason: string | null;
  result: unknown;
  cost_micros: string;
  attempts: number;
  finished_at: string | null;
  /** A single check's ledger row (docs/architecture.md, "A check costs one row"). */
  ledger_entry_id: string | null;
}

/** Filters of a job's result table (and of its downloads). */
export interface ItemFilter {
  status?: string;
  outcome?: string;
  lineType?: string;
  country?: string;
  carrier?: string;
  risk?: string;
  /** Digits (or +digits) the number or the input starts with. */
  q?: string;
}

export const FACETS = ["outcome", "line_type", "country", "carrier", "risk", "reject_reason"] as const;
export type Facet = (typeof FACETS)[number];

const JOB_COLUMNS = sql.raw(`id, tenant_id, kind, channel, service, status, total, done, failed, duplicates,
  invalid, unit_price_micros::text as unit_price_micros, charged_micros::text as charged_micros, currency,
  reservation_id, submitted_by, default_country, file_name, file_column, file_columns, sandbox, to_json(created_at) #>> '{}' as created_at,
  to_json(started_at) #>> '{}' as started_at, to_json(finished_at) #>> '{}' as finished_at`);

/** All SQL of bulk jobs. Arrays travel as single parameters (one statement per batch, any size). */
export function jobRepo(db: Db) {
  /** Items by the value of `column` (of those matching `where`), from the rows and the chunks' counts. */
  function countsOf(
    tenantId: string,
    jobId: string,
    column: Facet | "status",
    where: SQL,
    limit = 1_000,
  ): Promise<{ value: string | null; n: number }[]> {
    return queryRows(
      db,
      sql`select value, sum(n)::int as n from (
            select ${sql.raw(`i.${column}`)} as value, count(*) as n from detection_items i
            join detection_jobs j on j.id = i.job_id
            where i.job_id = ${jobId} and j.tenant_id = ${tenantId} and ${where}
            group by 1
            union all
            select e->>0, (e->>1)::bigint from detection_item_chunks c
            join detection_jobs j on j.id = c.job_id
            cross join jsonb_array_elements(c.counts->${column}) e
            where c.job_id = ${jobId} and j.tenant_id = ${tenantId}
          ) counted
          group by value order by n desc, value limit ${limit}`,
    );
  }

  return {
    /** A new job in state draft: it holds items but no funds, and no worker touches it. */
    async insertDraft(draft: NewDraft): Promise<void> {
      await db.insert(detectionJobs).values({ ...draft, status: "draft" });
    },

    async openJobCount(runner: Runner, tenantId: string): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        runner,
        sql`select count(*)::int as n from detection_jobs
            where tenant_id = ${tenantId} and status in ('queued', 'running')`,
      );
      return rows[0]?.n ?? 0;
    },

    /** Serialises job creation of one organisation (the concurrent-jobs limit). */
    async lockTenant(tx: Tx, tenantId: string): Promise<void> {
      await queryRows(tx, sql`select id from tenants where id = ${tenantId} for update`);
    },

    /**
     * One INSERT per batch, the rows travelling as one JSON document (json_to_recordset): faster
     * than one array per column once results ride along, as PostgreSQL parses JSON quicker than
     * array literals full of escaped quotes.
     */
    async insertItems(runner: Runner, tenantId: string, jobId: string, items: NewItem[]): Promise<void> {
      if (items.length === 0) return;
      const rows = items.map((i) => ({
        s: i.seq,
        i: i.input,
        e: i.e164,
        st: i.status,
        rr: i.rejectReason,
        r: i.result ?? null,
        o: i.facets?.outcome ?? null,
        lt: i.facets?.lineType ?? null,
        c: i.facets?.country ?? null,
        ca: i.facets?.carrier ?? null,
        rk: i.facets?.risk ?? null,
      }));
      await runner.execute(
        sql`insert into detection_items (job_id, seq, input, e164, status, reject_reason, result, outcome,
              line_type, country, carrier, risk)
            select j.id, x.s, x.i, x.e, x.st, x.rr, x.r, x.o, x.lt, x.c, x.ca, x.rk
            from detection_jobs j, json_to_recordset(${JSON.stringify(rows)}::json)
              as x(s int, i text, e text, st text, rr text, r json, o text, lt text, c text, ca text, rk text)
            where j.id = ${jobId} and j.tenant_id = ${tenantId}`,
      );
    },

    /** One chunk of the file's own columns (file-columns.ts), bytes as one parameter. */
    async insertColumns(runner: Runner, tenantId: string, jobId: string, chunk: ColumnsChunk): Promise<void> {
      await runner.execute(
        sql`insert into detection_item_columns (job_id, first_seq, last_seq, cells)
            select id, ${chunk.firstSeq}, ${chunk.lastSeq}, ${byteaParam(chunk.cells)} from detection_jobs
            where id = ${jobId} and tenant_id = ${tenantId}`,
      );
    },

    /** One chunk of items (item-chunks.ts): counts as JSON, the items' bytes as one parameter. */
    async insertChunk(runner: Runner, tenantId: string, jobId: string, chunk: ItemChunk): Promise<void> {
      await runner.execute(
        sql`insert into detection_item_chunks (job_id, first_seq, last_seq, counts, items)
            select id, ${chunk.firstSeq}, ${chunk.lastSeq}, ${JSON.stringify(chunk.counts)}::jsonb, ${byteaParam(chunk.items)}
            from detection_jobs where id = ${jobId} and tenant_id = ${tenantId}`,
      );
    },

    /**
     * The first chunk of items that ends after `seq` and, by its counts, holds items the filter can
     * match (its status and facets; a number prefix is only known by reading the items).
     */
    async itemChunkAfter(
      tenantId: string,
      jobId: string,
      seq: number,
      filter: ItemFilter,
    ): Promise<{ last_seq: number; items: Uint8Array } | undefined> {
      const rows = await queryRows<{ last_seq: number; items: string }>(
        db,
        sql`select c.last_seq, ${byteaColumn("c.items")} as items from detection_item_chunks c
            join detection_jobs j on j.id = c.job_id
            where c.job_id = ${jobId} and j.tenant_id = ${tenantId} and c.last_seq > ${seq} ${chunkWhere(filter)}
            order by c.first_seq limit 1`,
      );
      const row = rows[0];
      return row && { last_seq: row.last_seq, items: fromBase64(row.items) };
    },

    /** The first chunk of a job's own columns that ends at or after `seq`. */
    async columnsChunkFrom(tenantId: string, jobId: string, seq: number): Promise<ColumnsChunk | undefined> {
      const rows = await queryRows<{ first_seq: number; last_seq: number; cells: string }>(
        db,
        sql`select c.first_seq, c.last_seq, ${byteaColumn("c.cells")} as cells from detection_item_columns c
            join detection_jobs j on j.id = c.job_id
            where c.job_id = ${jobId} and j.tenant_id = ${tenantId} and c.last_seq >= ${seq}
            order by c.first_seq limit 1`,
      );
      const row = rows[0];
      return row && { firstSeq: row.first_seq, lastSeq: row.last_seq, cells: fromBase64(row.cells) };
    },

    /** Whether the organisation keeps its uploaded files' other columns (on unless turned off). */
    async keepsFileColumns(tenantId: string): Promise<boolean> {
      const rows = await queryRows<{ keep: boolean }>(
        db,
        sql`select keep_file_columns as keep from tenants where id = ${tenantId}`,
      );
      return rows[0]?.keep ?? false;
    },

    async job(tenantId: string, jobId: string, runner: Runner = db): Promise<JobRow | undefined> {
      const rows = await queryRows<JobRow>(
        runner,
        sql`select ${JOB_COLUMNS} from detection_jobs where id = ${jobId} and tenant_id = ${tenantId}`,
      );
      return rows[0];
    },

    /** Jobs made through the public API, newest first, after a (created_at, id) cursor. */
    async apiJobs(
      tenantId: string,
      limit: number,
      after?: { createdAt: string; id: string },
    ): Promise<JobRow[]> {
      const page = after
        ? sql`and (created_at, id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
        : sql``;
      return queryRows<JobRow>(
        db,
        sql`select ${JOB_COLUMNS} from detection_jobs
            where tenant_id = ${tenantId} and channel = 'api' and kind in ('list', 'file')
              and status <> 'draft' ${page}
            order by created_at desc, id desc limit ${limit}`,
      );
    },

    async lockJob(tx: Tx, tenantId: string, jobId: string): Promise<JobRow | undefined> {
      const rows = await queryRows<JobRow>(
        tx,
        sql`select ${JOB_COLUMNS} from detection_jobs where id = ${jobId} and tenant_id = ${tenantId} for update`,
      );
      return rows[0];
    },

    /**
     * Leases up to `limit` queued items of open jobs to a worker. Items whose lease ran out (a
     * worker that died) are claimable again; SKIP LOCKED lets several workers claim at once.
     * Across organisations on purpose: the worker serves every organisation's jobs, and each
     * chunk it then writes names its job's organisation.
     */
    async claimAnyOrganisation(worker: string, limit: number, leaseSeconds: number): Promise<ClaimedItem[]> {
      const items = await queryRows<ClaimedItem>(
        db,
        // MATERIALIZED: the rows are picked once, then leased. A subquery under IN may be re-run
        // by the planner, and with SKIP LOCKED each run picks other rows, past the limit.
        sql`with picked as materialized (
              select i.job_id, i.seq from detection_items i
              join detection_jobs j on j.id = i.job_id
              where i.status = 'queued' and j.status in ('queued', 'running')
                and (i.lease_until is null or i.lease_until < now())
              order by i.job_id, i.seq
              limit ${limit}
              for update of i skip locked)
            update detection_items
            set lease_owner = ${worker}, lease_until = now() + make_interval(secs => ${leaseSeconds}),
                attempts = attempts + 1
            where (job_id, seq) in (select job_id, seq from picked)
            returning job_id, seq, e164, attempts`,
      );
      const jobIds = [...new Set(items.map((i) => i.job_id))];
      if (jobIds.length > 0) {
        await db.execute(
          sql`update detection_jobs set status = 'running', started_at = coalesce(started_at, now())
              where id = any(${sql.param(jobIds)}::uuid[]) and status = 'queued'`,
        );
      }
      return items;
    },

    /**
     * Writes the outcomes of items this worker still holds. Only rows that were queued and leased
     * to this worker change, so a retry or a second worker never counts (or charges) one twice.
     */
    async finishItems(
      tx: Tx,
      worker: string,
      tenantId: string,
      jobId: string,
      unitPriceMicros: bigint,
      outcomes: ItemOutcome[],
    ): Promise<{ done: number; failed: number; costMicros: bigint }> {
      const rows = await queryRows<{ status: string; cost_micros: string }>(
        tx,
        sql`update detection_items as i
            set status = u.status,
                result = case when u.status = 'queued' then i.result else u.result::json end,
                cost_micros = case when u.status = 'done' then ${unitPriceMicros.toString()}::bigint else 0 end,
                finished_at = case when u.status = 'queued' then null else now() end,
                outcome = u.outcome, line_type = u.line_type, country = u.country, carrier = u.carrier,
                risk = u.risk, lease_owner = null,
                attempts = case when u.defer_ms > 0 then i.attempts - 1 else i.attempts end,
                lease_until = case when u.defer_ms > 0 then now() + make_interval(secs => u.defer_ms / 1000.0) end
            from unnest(${sql.param(outcomes.map((o) => o.seq))}::int[],
                        ${sql.param(outcomes.map((o) => o.status))}::text[],
                        ${sql.param(outcomes.map((o) => JSON.stringify(o.result ?? null)))}::text[],
                        ${sql.param(outcomes.map((o) => o.facets?.outcome ?? null))}::text[],
                        ${sql.param(outcomes.map((o) => o.facets?.lineType ?? null))}::text[],
                        ${sql.param(outcomes.map((o) => o.facets?.country ?? null))}::text[],
                        ${sql.param(outcomes.map((o) => o.facets?.carrier ?? null))}::text[],
                        ${sql.param(outcomes.map((o) => o.facets?.risk ?? null))}::text[],
                        ${sql.param(outcomes.map((o) => (o.status === "queued" ? (o.deferMs ?? 0) : 0)))}::int[])
              as u(seq, status, result, outcome, line_type, country, carrier, risk, defer_ms)
            where i.job_id = ${jobId} and i.seq = u.seq and i.status = 'queued' and i.lease_owner = ${worker}
              and exists (select 1 from detection_jobs j where j.id = ${jobId} and j.tenant_id = ${tenantId})
            returning i.status, i.cost_micros::text as cost_micros`,
      );
      let done = 0;
      let failed = 0;
      let costMicros = 0n;
      for (const row of rows) {
        if (row.status === "done") done++;
        if (row.status === "failed") failed++;
        costMicros += BigInt(row.cost_micros);
      }
      return { done, failed, costMicros };
    },

    async bumpCounters(
      tx: Tx,
      tenantId: string,
      jobId: string,
      done: number,
      failed: number,
      costMicros: bigint,
    ) {
      await tx.execute(
        sql`update detection_jobs set done = done + ${done}, failed = failed + ${failed},
              charged_micros = charged_micros + ${costMicros.toString()}::bigint
            where id = ${jobId} and tenant_id = ${tenantId}`,
      );
    },

    /** Ms until the first deferred item of a live job may be claimed; null when none waits. */
    async nextDeferredMs(): Promise<number | null> {
      const [row] = await queryRows<{ ms: number | null }>(
        db,
        sql`select ceil(extract(epoch from (min(i.lease_until) - now())) * 1000)::int as ms
            from detection_items i join detection_jobs j on j.id = i.job_id
            where i.status = 'queued' and i.lease_owner is null and i.lease_until > now()
              and j.status in ('queued', 'running')`,
      );
      return row?.ms ?? null;
    },

    async hasQueued(runner: Runner, tenantId: string, jobId: string): Promise<boolean> {
      const rows = await queryRows(
        runner,
        sql`select 1 from detection_items i join detection_jobs j on j.id = i.job_id
            where i.job_id = ${jobId} and j.tenant_id = ${tenantId} and i.status = 'queued' limit 1`,
      );
      return rows.length > 0;
    },

    async setStatus(runner: Runner, tenantId: string, jobId: string, status: string) {
      await runner.execute(
        sql`update detection_jobs set status = ${status}, finished_at = now()
            where id = ${jobId} and tenant_id = ${tenantId}`,
      );
    },

    /** Marks every queued item of a job rejected; answers how many. */
    async rejectQueued(tx: Tx, tenantId: string, jobId: string, reason: string): Promise<number> {
      const rows = await queryRows(
        tx,
        sql`update detection_items set status = 'rejected', reject_reason = ${reason}, lease_owner = null,
              lease_until = null, finished_at = now()
            where job_id = ${jobId} and status = 'queued'
              and exists (select 1 from detection_jobs j where j.id = ${jobId} and j.tenant_id = ${tenantId})
            returning seq`,
      );
      return rows.length;
    },

    /**
     * Finished jobs whose hold is still open (a worker stopped between completing and releasing).
     * Across organisations on purpose: the worker's repair pass; each row carries its organisation.
     */
    async unreleasedAnyOrganisation(): Promise<JobRow[]> {
      return queryRows<JobRow>(
        db,
        sql`select ${JOB_COLUMNS} from detection_jobs j
            where j.status in ('completed', 'cancelled', 'failed') and j.reservation_id is not null
              and exists (select 1 from reservations r where r.id = j.reservation_id and r.status = 'open')
            limit 100`,
      );
    },

    /**
     * One page of a job's item rows by seq, filtered; the tenant check rides on the join. Items
     * stored in chunks are not among them (job-items.ts reads both). A done item of a list or
     * file costs the job's unit price: those answered while reading were settled together.
     */
    async itemRows(
      tenantId: string,
      jobId: string,
      query: ItemFilter & { cursor?: number; limit: number },
    ): Promise<ItemRow[]> {
      return queryRows<ItemRow>(
        db,
        sql`select i.seq, i.input, i.e164, i.status, i.reject_reason, i.result,
                   (case when j.kind <> 'single' and i.status = 'done' then j.unit_price_micros
                         else i.cost_micros end)::text as cost_micros,
                   i.ledger_entry_id,
                   i.attempts, to_json(i.finished_at) #>> '{}' as finished_at
            from detection_items i join detection_jobs j on j.id = i.job_id
            where i.job_id = ${jobId} and j.tenant_id = ${tenantId}
              and i.seq > ${query.cursor ?? -1} ${itemWhere(query)}
            order by i.seq limit ${query.limit}`,
      );
    },

    /**
     * Counts of one facet of a job's items (top `limit` values), for the summary charts: the rows'
     * and the chunks' counts (item-chunks.ts) added up.
     */
    async facetCounts(
      tenantId: string,
      jobId: string,
      facet: Facet,
      limit: number,
    ): Promise<{ value: string | null; n: number }[]> {
      const status = facet === "reject_reason" ? sql`i.status = 'rejected'` : sql`i.status = 'done'`;
      return countsOf(tenantId, jobId, facet, status, limit);
    },

    async statusCounts(tenantId: string, jobId: string): Promise<{ value: string; n: number }[]> {
      return countsOf(tenantId, jobId, "status", sql`true`) as Promise<{ value: string; n: number }[]>;
    },

    async setCounts(
      runner: Runner,
      tenantId: string,
      jobId: string,
      c: { total: number; duplicates: number; invalid: number },
      fileColumns: FileColumnsInfo | null = null,
    ) {
      await runner.execute(
        sql`update detection_jobs set total = ${c.total}, duplicates = ${c.duplicates}, invalid = ${c.invalid},
              file_columns = ${fileColumns ? JSON.stringify(fileColumns) : null}::jsonb
            where id = ${jobId} and tenant_id = ${tenantId}`,
      );
    },

    /** A draft becomes queued, or completed when nothing is left for the worker. */
    async queue(
      tx: Tx,
      tenantId: string,
      jobId: string,
      v: {
        status: "queued" | "completed";
        /** Items answered while reading, charged now. */
        done: number;
        chargedMicros: bigint;
        unitPriceMicros: bigint;
        currency: string;
        reservationId: string | null;
      },
    ) {
      await tx.execute(
        sql`update detection_jobs set status = ${v.status}, done = ${v.done},
              charged_micros = ${v.chargedMicros.toString()}::bigint,
              unit_price_micros = ${v.unitPriceMicros.toString()}::bigint,
              currency = ${v.currency}, reservation_id = ${v.reservationId}, created_at = now(),
              started_at = ${v.done > 0 ? sql`now()` : sql`null`},
              finished_at = ${v.status === "completed" ? sql`now()` : sql`null`}
            where id = ${jobId} and tenant_id = ${tenantId}`,
      );
    },

    /**
     * Deletes a job with its items, items in slices so a job of millions of rows never makes one
     * huge statement (nor holds the embedded database for long).
     */
    async deleteJob(tenantId: string, jobId: string, slice = 50_000): Promise<void> {
      // Items and columns only of a job of this organisation.
      const owned = sql`exists (select 1 from detection_jobs j where j.id = ${jobId} and j.tenant_id = ${tenantId})`;
      // The file's own columns and the chunks of items first: a few hundred rows even for millions.
      await db.execute(sql`delete from detection_item_columns where job_id = ${jobId} and ${owned}`);
      await db.execute(sql`delete from detection_item_chunks where job_id = ${jobId} and ${owned}`);
      for (;;) {
        const rows = await queryRows(
          db,
          sql`delete from detection_items where job_id = ${jobId} and ${owned} and seq in (
                select seq from detection_items where job_id = ${jobId} limit ${slice})
              returning 1`,
        );
        if (rows.length < slice) break;
      }
      await db.execute(sql`delete from detection_jobs where id = ${jobId} and tenant_id = ${tenantId}`);
    },

    /**
     * Jobs past retention: drafts older than `draftBefore`, finished jobs older than `finishedBefore`.
     * Across organisations on purpose: the worker's retention sweep; each row carries its organisation.
     */
    async expiredAnyOrganisation(
      draftBefore: Date,
      finishedBefore: Date,
      limit = 20,
    ): Promise<{ id: string; tenant_id: string }[]> {
      return queryRows(
        db,
        sql`(select id, tenant_id from detection_jobs
             where status = 'draft' and created_at < ${draftBefore.toISOString()}::timestamptz limit ${limit})
            union all
            (select id, tenant_id from detection_jobs
             where finished_at < ${finishedBefore.toISOString()}::timestamptz
               and status in ('completed', 'cancelled', 'failed') limit ${limit})`,
      );
    },
  };
}

/** The WHERE of a filtered item list; the same for the table and the downloads. */
export function itemWhere(f: ItemFilter): SQL {
  const parts: SQL[] = [];
  for (const [key, column] of FILTERED)
    if (f[key]) parts.push(sql`and ${sql.raw(`i.${column}`)} = ${f[key]}`);
  const search = numberSearch(f.q);
  if (search)
    parts.push(sql`and (i.e164 like ${`${search.e164}%`} or i.input like ${prefixPattern(search.input)})`);
  return sql.join(parts, sql` `);
}

/** The filter's fields that are a column's value, with the column (the same in rows and chunks). */
export const FILTERED = [
  ["status", "status"],
  ["outcome", "outcome"],
  ["lineType", "line_type"],
  ["country", "country"],
  ["carrier", "carrier"],
  ["risk", "risk"],
] as const satisfies readonly (readonly [keyof ItemFilter, string])[];

/**
 * What a number search matches: the E.164 form starting with its digits, or the input as written
 * starting with the text; null when it holds no digit (then it filters nothing).
 */
export function numberSearch(q: string | undefined): { e164: string; input: string } | null {
  const digits = q?.replace(/\D/g, "");
  return q && digits ? { e164: `+${digits}`, input: q.trim() } : null;
}

/**
 * The filter on a chunk's counts: a chunk is read only when it holds items of the filter's status
 * and facets (`[["done", 4990], ...] @> [["done"]]`). The number prefix is tested on the items.
 */
function chunkWhere(f: ItemFilter): SQL {
  const parts: SQL[] = [];
  for (const [key, column] of FILTERED)
    if (f[key]) parts.push(sql`and c.counts->${column} @> ${JSON.stringify([[f[key]]])}::jsonb`);
  return sql.join(parts, sql` `);
}

export type JobRepo = ReturnType<typeof jobRepo>;
