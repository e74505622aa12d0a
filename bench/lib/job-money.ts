import { sql } from "drizzle-orm";
import type { Db } from "../../apps/server/src/core/db";
import { queryRows } from "../../apps/server/src/db/query";

/**
 * The money of one finished job, read from the database: every number done or failed, each done
 * number charged once at the unit price, failed ones not at all, the ledger and the hold equal to
 * the charges, the hold closed. `checks` names each with whether it holds.
 */
export async function jobMoney(db: Db, tenantId: string, jobId: string, numbers: number) {
  const [job] = await queryRows<{
    status: string;
    done: number;
    failed: number;
    charged_micros: string;
    unit_price_micros: string;
    reservation_id: string;
  }>(
    db,
    sql`select status, done, failed, charged_micros::text as charged_micros,
          unit_price_micros::text as unit_price_micros, reservation_id
        from detection_jobs where id = ${jobId}`,
  );
  const items = await queryRows<{ status: string; n: number; cost: string; min: string; max: string }>(
    db,
    sql`select status, count(*)::int as n, coalesce(sum(cost_micros), 0)::text as cost,
          coalesce(min(cost_micros), 0)::text as min, coalesce(max(cost_micros), 0)::text as max
        from detection_items where job_id = ${jobId} group by status`,
  );
  const [ledger] = await queryRows<{ sum: string; rows: number }>(
    db,
    sql`select coalesce(sum(amount_micros), 0)::text as sum, count(*)::int as rows from ledger_entries
        where tenant_id = ${tenantId} and reference_id in (${jobId}, ${job!.reservation_id})`,
  );
  const [reservation] = await queryRows<{ settled: string; status: string }>(
    db,
    sql`select settled_micros::text as settled, status from reservations where id = ${job!.reservation_id}`,
  );
  // Why items failed (each tried up to three times), so a failure is never a mere count.
  const reasons = await queryRows<{ error: string; n: number }>(
    db,
    sql`select coalesce(result->>'error', '?') as error, count(*)::int as n from detection_items
        where job_id = ${jobId} and status = 'failed' group by 1 order by 2 desc limit 5`,
  );
  const byStatus = Object.fromEntries(items.map((i) => [i.status, i]));
  const price = BigInt(job!.unit_price_micros);
  const done = byStatus.done?.n ?? 0;
  const failed = byStatus.failed?.n ?? 0;
  const expected = price * BigInt(done);
  const checks = {
    "job completed, nothing left queued": job!.status === "completed" && !byStatus.queued,
    "every number done or failed": done + failed === numbers && job!.done === done && job!.failed === failed,
    "ledger for the job = −done × unit price": -BigInt(ledger!.sum) === expected,
    "charged counter = settled = done × unit price":
      BigInt(job!.charged_micros) === expected && BigInt(reservation!.settled) === expected,
    "each done item charged once, the unit price":
      BigInt(byStatus.done?.cost ?? 0) === expected &&
      (done === 0 || (BigInt(byStatus.done!.min) === price && BigInt(byStatus.done!.max) === price)),
    "failed items not charged": BigInt(byStatus.failed?.cost ?? 0) === 0n,
    "hold closed": reservation!.status !== "open",
  };
  return { checks, done, failed, price, reasons, ledger: ledger!, charged: job!.charged_micros };
}
