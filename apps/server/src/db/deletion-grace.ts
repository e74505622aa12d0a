import { TENANT_PENDING_DELETION as PENDING_DELETION } from "@nc/contracts/privacy";
import { type SQL, sql } from "drizzle-orm";
import { queryRows } from "./query";

/**
 * What waits a grace period before it is removed, with the same columns and the same steps
 * (docs/security.md, "Privacy: export and deletion"): an organisation (`tenants`) and a person's
 * account (`users`). Each has `status` (active -> pending_deletion -> purging), `deletion_requested_at`
 * and `purge_after`.
 */
export type GraceTable = "tenants" | "users";

type Runner = Parameters<typeof queryRows>[0];

const DUE = sql`((status = ${PENDING_DELETION} and purge_after <= now()) or status = 'purging')`;

/**
 * Starts the grace period of an active row; the end of it as ISO text (the same text whichever
 * driver answered), or null when the row was not active. `also` sets more columns of that table.
 */
export async function markPendingDeletion(
  tx: Runner,
  table: GraceTable,
  id: string,
  graceDays: number,
  also: SQL = sql``,
): Promise<string | null> {
  const rows = await queryRows<{ purge_after: string | Date }>(
    tx,
    sql`update ${sql.identifier(table)} set status = ${PENDING_DELETION}, deletion_requested_at = now(),
               purge_after = now() + make_interval(days => ${graceDays}) ${also}
        where id = ${id} and status = 'active'
        returning purge_after`,
  );
  return rows[0] ? new Date(rows[0].purge_after).toISOString() : null;
}

/** Back to active, only while the grace period lasts (a purge that has begun cannot be undone). */
export async function restoreFromDeletion(
  tx: Runner,
  table: GraceTable,
  id: string,
  also: SQL = sql``,
): Promise<boolean> {
  const rows = await queryRows(
    tx,
    sql`update ${sql.identifier(table)} set status = 'active', deletion_requested_at = null, purge_after = null ${also}
        where id = ${id} and status = ${PENDING_DELETION} returning id`,
  );
  return rows.length === 1;
}

/** Rows whose grace period is over, and purges a stopped process left half done. */
export const dueForPurge = (db: Runner, table: GraceTable, limit = 10) =>
  queryRows<{ id: string }>(
    db,
    sql`select id from ${sql.identifier(table)} where ${DUE} order by purge_after limit ${limit}`,
  );

/** Takes the row out of reach of a restore before anything is removed. */
export async function claimPurge(db: Runner, table: GraceTable, id: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update ${sql.identifier(table)} set status = 'purging' where id = ${id} and ${DUE} returning id`,
  );
  return rows.length === 1;
}
