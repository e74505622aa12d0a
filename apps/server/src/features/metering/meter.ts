import { monthStartOf } from "@nc/contracts/api-usage";
import type { FastifyBaseLogger } from "fastify";
import type { Db, Runner } from "../../core/db";
import { HOUR_MS } from "../../core/time";
import { LATENCY_SLOTS, latencySlot } from "./latency-buckets";
import {
  type CallRow,
  type DayTotalRow,
  type MeteringRepo,
  meteringRepo,
  type RollupRow,
} from "./metering-repo";

/** A call as the pipeline hands it over: its raw row, and where its day is counted. */
export interface MeteredCall extends CallRow {
  /** The organisation's time zone: the call counts on its day there. */
  timeZone: string;
}

export interface MeterOptions {
  /** Buffered calls are written at least this often. */
  flushMs: number;
  /** ... or as soon as this many are waiting. */
  maxBuffered: number;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();
/** The last answer per time zone and the hour it holds for (formatting is the costly part). */
const lastDay = new Map<string, { hour: number; day: string }>();

function formatDay(timeZone: string, at: Date): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat("en-CA", {
        timeZone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
    } catch {
      format = new Intl.DateTimeFormat("en-CA", {
        timeZone: "UTC",
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
    }
    dayFormats.set(timeZone, format);
  }
  return format.format(at);
}

/**
 * YYYY-MM-DD of an instant in a time zone (UTC when the zone is unknown). Formatting costs a few
 * microseconds a call, so the answer is reused for the rest of the same UTC hour, but only for an
 * hour whose first and last millisecond fall on the same day in that zone (zones with half- and
 * quarter-hour offsets change day in the middle of a UTC hour: those hours are always formatted).
 */
export function dayIn(timeZone: string, at: Date): string {
  const hour = Math.floor(at.getTime() / HOUR_MS);
  const cached = lastDay.get(timeZone);
  if (cached?.hour === hour) return cached.day;
  const day = formatDay(timeZone, at);
  const start = formatDay(timeZone, new Date(hour * HOUR_MS));
  const end = formatDay(timeZone, new Date((hour + 1) * HOUR_MS - 1));
  if (start === end) {
    if (lastDay.size > 1_000) lastDay.clear();
    lastDay.set(timeZone, { hour, day });
  }
  return day;
}

/** A rollup row's identity: organisation, day (or month), key, endpoint, service and status. */
const identity = (
  tenantId: string,
  day: string,
  apiKeyId: string,
  endpoint: string,
  service: string,
  status: number,
) => `${tenantId}|${day}|${apiKeyId}|${endpoint}|${service}|${status}`;
const rowKey = (r: Pick<RollupRow, "tenantId" | "day" | "apiKeyId" | "endpoint" | "service" | "status">) =>
  identity(r.tenantId, r.day, r.apiKeyId, r.endpoint, r.service, r.status);
const dayTotalKey = (r: Pick<DayTotalRow, "tenantId" | "day" | "service">) =>
  `${r.tenantId}|${r.day}|${r.service}`;
const byKey =
  <T>(key: (row: T) => string) =>
  (a: T, b: T) =>
    key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0;

/** Folds calls into rollup rows: one per organisation, day, key, endpoint, service and status. */
export function rollUp(calls: MeteredCall[]): RollupRow[] {
  const rows = new Map<string, RollupRow>();
  for (const call of calls) {
    const day = dayIn(call.timeZone, call.at);
    const service = call.service ?? "";
    // Not `rowKey({ ...call, day })`: spreading then adding keys is slow in this runtime
    // (docs/performance.md, "The route's own costs").
    const id = identity(call.tenantId, day, call.apiKeyId, call.endpoint, service, call.status);
    let row = rows.get(id);
    if (!row) {
      row = {
        tenantId: call.tenantId,
        day,
        apiKeyId: call.apiKeyId,
        endpoint: call.endpoint,
        service,
        status: call.status,
        calls: 0,
        numbers: 0,
        costMicros: 0n,
        latencyMsSum: 0,
        latencyHist: new Array(LATENCY_SLOTS).fill(0),
      };
      rows.set(id, row);
    }
    row.calls++;
    row.numbers += call.numbers;
    row.costMicros += call.costMicros;
    row.latencyMsSum += call.latencyMs;
    row.latencyHist[latencySlot(call.latencyMs)]!++;
  }
  return [...rows.values()];
}

/** The daily rows summed per month (same organisation, key, endpoint, service and status). */
export function byMonth(days: RollupRow[]): RollupRow[] {
  const months = new Map<string, RollupRow>();
  for (const row of days) {
    const month = { ...row, day: monthStartOf(row.day) };
    const id = rowKey(month);
    const sum = months.get(id);
    if (!sum) {
      months.set(id, { ...month, latencyHist: [...row.latencyHist] });
      continue;
    }
    sum.calls += row.calls;
    sum.numbers += row.numbers;
    sum.costMicros += row.costMicros;
    sum.latencyMsSum += row.latencyMsSum;
    row.latencyHist.forEach((n, i) => {
      sum.latencyHist[i]! += n;
    });
  }
  return [...months.values()];
}

/** The daily rows summed per organisation, day and service (the day series). */
export function dayTotals(days: RollupRow[]): DayTotalRow[] {
  const totals = new Map<string, DayTotalRow>();
  for (const row of days) {
    const id = dayTotalKey(row);
    const total = totals.get(id) ?? {
      tenantId: row.tenantId,
      day: row.day,
      service: row.service,
      calls: 0,
      errors: 0,
      numbers: 0,
      costMicros: 0n,
    };
    total.calls += row.calls;
    if (row.status < 200 || row.status > 299) total.errors += row.calls;
    total.numbers += row.numbers;
    total.costMicros += row.costMicros;
    totals.set(id, total);
  }
  return [...totals.values()];
}

/**
 * Adds daily rollup rows to all three rollups: daily, monthly and day totals. Rows go in key order,
 * so two processes flushing at once lock shared rows in the same order and never deadlock.
 */
export async function addToRollups(repo: MeteringRepo, days: RollupRow[], runner?: Runner): Promise<void> {
  await repo.addRollups("daily", [...days].sort(byKey(rowKey)), runner);
  await repo.addRollups("monthly", byMonth(days).sort(byKey(rowKey)), runner);
  await repo.addDayTotals(dayTotals(days).sort(byKey(dayTotalKey)), runner);
}

/**
 * Meters public API calls off the request path: calls are buffered in memory and written in one
 * insert (raw rows) plus one upsert per rollup (daily, monthly, day totals) per flush, so a busy
 * API pays four statements a second, not four per call. A failed write keeps the batch for the next flush; a process that dies
 * loses at most one flush interval of metering (never money: charges are in the ledger).
 */
export function createMeter(db: Db, options: MeterOptions, log?: FastifyBaseLogger) {
  const repo = meteringRepo(db);
  let buffer: MeteredCall[] = [];
  let flushing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function writeOut() {
    const batch = buffer;
    buffer = [];
    if (batch.length === 0) return;
    try {
      await db.transaction(async (tx) => {
        await repo.insertCalls(batch, tx);
        await addToRollups(repo, rollUp(batch), tx);
      });
    } catch (error) {
      // Kept for the next try, bounded so a database outage cannot eat the memory.
      buffer = batch.concat(buffer).slice(-100 * options.maxBuffered);
      log?.error({ err: error, calls: batch.length }, "metering write failed; will retry");
    }
  }

  function flush(): Promise<void> {
    if (!flushing)
      flushing = writeOut().finally(() => {
        flushing = null;
      });
    return flushing;
  }

  function schedule() {
    if (timer) return;
    timer = setTimeout(() => {
      timer = null;
      void flush().then(() => {
        if (buffer.length > 0) schedule();
      });
    }, options.flushMs);
    timer.unref();
  }

  return {
    repo,
    /** Buffers the call as it is (the caller's object is kept, not copied). */
    record(call: MeteredCall) {
      buffer.push(call);
      if (buffer.length >= options.maxBuffered) void flush();
      else schedule();
    },
    /** Writes everything buffered now (tests, shutdown). */
    async flush() {
      if (timer) clearTimeout(timer);
      timer = null;
      // A few rounds: calls recorded while writing go too; a failing database does not hang shutdown.
      for (let round = 0; round < 3 && (buffer.length > 0 || flushing); round++) await flush();
    },
  };
}

export type Meter = ReturnType<typeof createMeter>;
