import type { AuditAction, AuditActorType } from "@nc/contracts/audit";
import { type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Cursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { queryRows } from "../../db/query";

/** Anything that runs SQL: the pool, or the transaction of the change being recorded. */
export type Runner = Pick<Db, "execute">;

/** One row as written: plain values, nothing read from the request here. */
export interface AuditRowInput {
  tenantId: string | null;
  actorType: AuditActorType;
  actorId: string | null;
  actorLabel: string | null;
  action: AuditAction;
  targetType: string | null;
  targetId: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
}

export interface AuditFilter {
  actorId?: string;
  /** Full actions (`api_key.revoked`) or whole resources (`api_key`). */
  actions?: string[];
  /** Calendar days (YYYY-MM-DD) in `timeZone`, both inclusive. */
  from?: string;
  to?: string;
  timeZone: string;
}

export interface AuditListRow {
  id: string;
  action: string;
  actor_type: AuditActorType;
  actor_id: string | null;
  actor_name: string | null;
  actor_email: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  user_agent: string | null;
  /** Exact UTC text with microseconds, for the keyset cursor. */
  created_at: string;
  /** created_at as a wall-clock text in the organisation's time zone (exports). */
  local_time: string;
}

/** Setting that lets one transaction change or delete audit rows (migration 0022's trigger). */
const ALLOW_CHANGE = sql`select set_config('nc.audit_purge', 'on', true)`;

function conditions(tenantId: string, filter: AuditFilter, cursor?: Cursor): SQL {
  const parts: SQL[] = [sql`e.tenant_id = ${tenantId}`];
  if (filter.actorId) parts.push(sql`e.actor_id = ${filter.actorId}`);
  if (filter.actions?.length) {
    const exact = filter.actions.filter((a) => a.includes("."));
    const prefixes = filter.actions.filter((a) => !a.includes("."));
    const any: SQL[] = [];
    if (exact.length)
      any.push(
        sql`e.action in (${sql.join(
          exact.map((a) => sql`${a}`),
          sql`, `,
        )})`,
      );
    for (const prefix of prefixes) any.push(sql`e.action like ${`${prefix}.%`}`);
    parts.push(sql`(${sql.join(any, sql` or `)})`);
  }
  if (filter.from)
    parts.push(sql`e.created_at >= (${filter.from}::date::timestamp at time zone ${filter.timeZone})`);
  if (filter.to)
    parts.push(sql`e.created_at < ((${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone})`);
  if (cursor) parts.push(sql`(e.created_at, e.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  return sql.join(parts, sql` and `);
}

/** The writes: always with the runner (transaction) of the change being recorded. */
export const auditWrites = {
  async insert(runner: Runner, row: AuditRowInput): Promise<string> {
    const id = uuidv7();
    await runner.execute(
      sql`insert into audit_events (id, tenant_id, actor_type, actor_id, actor_label, action, target_type,
                                      target_id, details, ip, user_agent)
            values (${id}, ${row.tenantId}, ${row.actorType}, ${row.actorId}, ${row.actorLabel}, ${row.action},
                    ${row.targetType}, ${row.targetId}, ${JSON.stringify(row.details)}::jsonb, ${row.ip},
                    ${row.userAgent})`,
    );
    return id;
  },

  /**
   * One sign-in, recorded in every organisation the user belongs to at that moment: each
   * organisation keeps its own history, unchanged when the member later leaves.
   */
  async insertForMemberships(
    runner: Runner,
    userId: string,
    row: Omit<AuditRowInput, "tenantId">,
  ): Promise<void> {
    await runner.execute(
      sql`insert into audit_events (id, tenant_id, actor_type, actor_id, actor_label, action, target_type,
                                      target_id, details, ip, user_agent)
            select gen_random_uuid(), m.tenant_id, ${row.actorType}, ${row.actorId}, ${row.actorLabel},
                   ${row.action}, ${row.targetType}, ${row.targetId}, ${JSON.stringify(row.details)}::jsonb,
                   ${row.ip}, ${row.userAgent}
            from tenant_members m where m.user_id = ${userId}`,
    );
  },
};

/** The reads of the audit log and the purge (the writes are `auditWrites`). */
export function auditRepo(db: Db) {
  return {
    /** Newest first, from after the cursor: one index range scan on (tenant_id, created_at, id). */
    page: (tenantId: string, filter: AuditFilter, limit: number, cursor?: Cursor) =>
      queryRows<AuditListRow>(
        db,
        sql`select e.id, e.action, e.actor_type, e.actor_id,
                   coalesce(u.name, k.name, e.actor_label) as actor_name, u.email as actor_email,
                   e.target_type, e.target_id, e.details, e.ip, e.user_agent,
                   to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as created_at,
                   to_char(e.created_at at time zone ${filter.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local_time
            from audit_events e
            left join users u on e.actor_type = 'user' and u.id = e.actor_id
            left join api_keys k on e.actor_type = 'api_key' and k.id = e.actor_id
            where ${conditions(tenantId, filter, cursor)}
            order by e.created_at desc, e.id desc
            limit ${limit}`,
      ),

    /**
     * Deletes events older than the retention, at most `batch` per transaction so a large backlog
     * never holds a long lock; returns how many went.
     */
    async purgeOlderThan(days: number, batch = 10_000): Promise<number> {
      let total = 0;
      for (;;) {
        const removed = await db.transaction(async (tx) => {
          await tx.execute(ALLOW_CHANGE);
          const rows = await queryRows<{ id: string }>(
            tx,
            sql`delete from audit_events where id in (
                  select id from audit_events where created_at < now() - make_interval(days => ${days})
                  limit ${batch})
                returning id`,
          );
          return rows.length;
        });
        total += removed;
        if (removed < batch) return total;
      }
    },
  };
}

export type AuditRepo = ReturnType<typeof auditRepo>;
