import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import { type SQL, sql } from "drizzle-orm";
import type { Cursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { exactUtc, queryRows } from "../../db/query";
import { detectionItems, detectionJobs } from "../../db/schema/index";
import { packResult } from "./packed-result";
import type { ResultFacets } from "./result-view";

/** created_at as an exact UTC text with microseconds: the keyset cursor must not lose precision. */
const EXACT_TS = exactUtc("j.created_at");

export interface HistoryFilter {
  from?: string;
  to?: string;
  service?: string;
  status?: string;
  channel?: string;
  submittedBy?: string;
  timeZone: string;
  /** Every customer of this partner instead of the one organisation (partner staff). */
  partnerId?: string;
}

export interface HistoryRow {
  id: string;
  service: string;
  kind: string;
  channel: string;
  status: string;
  total: number;
  done: number;
  failed: number;
  duplicates: number;
  invalid: number;
  file_name: string | null;
  /** The number of a day's job of one single check (E.164, or as typed); null for more, and for lists and files. */
  number: string | null;
  tenant_id: string;
  tenant_name: string;
  charged_micros: string;
  currency: string;
  sandbox: number;
  created_at: string;
  submitted_by: string | null;
  submitted_by_name: string | null;
}

/** One single check as stored: an item of its day's job (docs/architecture.md, "A check costs one row"). */
export interface SingleCheckValues {
  /** The day's job of single checks it belongs to (created with the first). */
  jobId: string;
  /** Its place among this batch's checks of the same job, from 0; `count` of them in all. */
  ord: number;
  count: number;
  tenantId: string;
  service: string;
  userId: string | null;
  channel: "web" | "api";
  input: string;
  e164: string | null;
  /** done, or rejected when the number failed basic validation. */
  itemStatus: "done" | "rejected";
  rejectReason: string | null;
  result: SingleCheckResultView;
  facets: ResultFacets;
  unitPriceMicros: bigint;
  costMicros: bigint;
  currency: string;
  sandbox: boolean;
  /** The ledger row that charged it with the rest of its batch; null when free. */
  ledgerEntryId: string | null;
}

/**
 * Common table expressions that write single checks, the rows passed as one JSON document (no
 * per-value parameters to build): each day's job is created or has its counts raised, which
 * hands out the checks' places in it, then each check is one item row. A fragment, so the charge
 * that pays for them can write them in its own statement (one round trip for both). Concurrent
 * batches of one job queue on its row, so places never collide.
 */
export function singlesInsert(rows: SingleCheckValues[]): SQL {
  const document = JSON.stringify(
    rows.map((v) => ({
      job_id: v.jobId,
      ord: v.ord,
      n: v.count,
      tenant_id: v.tenantId,
      channel: v.channel,
      service: v.service,
      invalid: v.itemStatus === "rejected" ? 1 : 0,
      unit_price_micros: v.unitPriceMicros.toString(),
      cost_micros: v.costMicros.toString(),
      currency: v.currency,
      submitted_by: v.userId,
      sandbox: v.sandbox ? 1 : 0,
      input: v.input,
      e164: v.e164,
      status: v.itemStatus,
      reject_reason: v.rejectReason,
      result: packResult(v.result),
      outcome: v.facets.outcome,
      line_type: v.facets.lineType,
      country: v.facets.country,
      carrier: v.facets.carrier,
      risk: v.facets.risk,
      ledger_entry_id: v.ledgerEntryId,
    })),
  );
  // One row per job in the upsert (a statement may not update a row twice); the unit price the
  // job shows is its latest check's.
  return sql`single_rows as (
      select * from json_to_recordset(${document}::json) as r(
        job_id uuid, ord int, n int, tenant_id uuid, channel text, service text, invalid int,
        unit_price_micros bigint, cost_micros bigint, currency text, submitted_by uuid, sandbox int,
        input text, e164 text, status text, reject_reason text, result json, outcome text,
        line_type text, country text, carrier text, risk text, ledger_entry_id uuid)
    ), single_jobs as (
      insert into ${detectionJobs} as j (id, tenant_id, kind, channel, service, status, total, done, invalid,
        unit_price_micros, charged_micros, currency, submitted_by, sandbox, started_at, finished_at)
      select job_id, (array_agg(tenant_id))[1], 'single', (array_agg(channel))[1], (array_agg(service))[1],
        'completed', count(*), count(*), sum(invalid), (array_agg(unit_price_micros order by ord desc))[1],
        sum(cost_micros), (array_agg(currency))[1], (array_agg(submitted_by))[1], (array_agg(sandbox))[1],
        now(), now()
      from single_rows group by job_id
      on conflict (id) do update set total = j.total + excluded.total, done = j.done + excluded.done,
        invalid = j.invalid + excluded.invalid, charged_micros = j.charged_micros + excluded.charged_micros,
        unit_price_micros = excluded.unit_price_micros, finished_at = excluded.finished_at
      returning j.id, j.total
    ), single_items as (
      insert into ${detectionItems} (job_id, seq, input, e164, status, reject_reason, result, outcome,
        line_type, country, carrier, risk, cost_micros, attempts, finished_at, single, ledger_entry_id)
      select r.job_id, j.total - r.n + r.ord, r.input, r.e164, r.status, r.reject_reason, r.result, r.outcome,
        r.line_type, r.country, r.carrier, r.risk, r.cost_micros, 1, now(), true, r.ledger_entry_id
      from single_rows r join single_jobs j on j.id = r.job_id
    )`;
}

/**
 * Single checks of each of `e164s` in the organisation since `since`. `single` and `e164 is not
 * null` are spelled out so the planner can use the partial index on single checks' numbers and
 * times (detection_items_single_e164_idx).
 */
export function singleChecksQuery(tenantId: string, e164s: string[], since: Date): SQL {
  return sql`select i.e164, count(*)::int as n from ${detectionItems} i
      join ${detectionJobs} j on j.id = i.job_id
      where i.single and i.e164 is not null and i.e164 = any(${sql.param(e164s)}::text[])
        and i.finished_at >= ${since.toISOString()}::timestamptz and j.tenant_id = ${tenantId}
      group by i.e164`;
}

/** The SQL of single checks (items of their day's job), and the tenant's job history. */
export function detectionRepo(db: Db) {
  return {
    /**
     * The fraud velocity signal: how many single checks (dashboard and API) of each number the
     * organisation made since `since`. One query for a whole batch of numbers, each an index probe
     * (detection_items_single_e164_idx); numbers never checked are absent from the answer.
     */
    async singleChecksSince(tenantId: string, e164s: string[], since: Date): Promise<Map<string, number>> {
      if (e164s.length === 0) return new Map();
      const rows = await queryRows<{ e164: string; n: number }>(
        db,
        singleChecksQuery(tenantId, e164s, since),
      );
      return new Map(rows.map((r) => [r.e164, Number(r.n)]));
    },

    /**
     * Newest first, from after the cursor: an index range scan on (tenant_id, created_at, id),
     * the other filters applied on the way. Drafts (not submitted) are not history.
     */
    history(tenantId: string, filter: HistoryFilter, limit: number, cursor?: Cursor): Promise<HistoryRow[]> {
      const where: SQL[] = [
        filter.partnerId
          ? sql`j.tenant_id in (select id from tenants where partner_id = ${filter.partnerId})`
          : sql`j.tenant_id = ${tenantId}`,
        sql`j.status <> 'draft'`,
      ];
      if (cursor)
        where.push(sql`(j.created_at, j.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
      if (filter.from)
        where.push(sql`j.created_at >= (${filter.from}::date::timestamp at time zone ${filter.timeZone})`);
      if (filter.to)
        where.push(sql`j.created_at < ((${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone})`);
      if (filter.service) where.push(sql`j.service = ${filter.service}`);
      if (filter.status) where.push(sql`j.status = ${filter.status}`);
      if (filter.channel) where.push(sql`j.channel = ${filter.channel}`);
      if (filter.submittedBy) where.push(sql`j.submitted_by = ${filter.submittedBy}`);
      return queryRows<HistoryRow>(
        db,
        sql`select j.id, j.service, j.kind, j.channel, j.status, j.total, j.done, j.failed, j.duplicates,
                   j.invalid, j.file_name, j.charged_micros::text as charged_micros, j.currency, j.sandbox,
                   case when j.kind = 'single' and j.total = 1 then (select coalesce(i.e164, i.input)
                     from ${detectionItems} i where i.job_id = j.id and i.seq = 0) end as number,
                   ${EXACT_TS} as created_at, j.submitted_by, u.name as submitted_by_name,
                   j.tenant_id, t.name as tenant_name
            from ${detectionJobs} j
            join tenants t on t.id = j.tenant_id
            left join users u on u.id = j.submitted_by
            where ${sql.join(where, sql` and `)}
            order by j.created_at desc, j.id desc
            limit ${limit}`,
      );
    },
  };
}

export type DetectionRepo = ReturnType<typeof detectionRepo>;
