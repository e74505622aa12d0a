import { SERVICES } from "@nc/contracts/services";
import { SPENDING_TYPES, TRADE_TYPES, WELCOME_CREDIT_REFERENCE } from "@nc/contracts/trade-types";
import { type SQL, sql } from "drizzle-orm";
import type { Cursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { exactUtc, queryRows } from "../../db/query";
import { LISTED_ALONE } from "../../db/schema/index";

/** Trade types that consume the balance (checks and bulk work), from the service list; refunds (10) give some back. */
export { SPENDING_TYPES };

/** Net spending of a set of ledger rows: consumption debits less refunds, in micros. */
export const SPENDING_SUM = sql.raw(
  `coalesce(sum(case when trade_type in (${SPENDING_TYPES.join(",")}) then -amount_micros
                     when trade_type = ${TRADE_TYPES.refund} then -amount_micros else 0 end), 0)`,
);

/**
 * The service a spending row of ledger_entries `alias` counts for: its own, or for the refund of
 * a bulk hold the service of the charge that opened the hold; "other" when none is named (an
 * operator's refund). Grouping SPENDING_SUM by it splits net spending by service.
 */
export const spendingService = (alias: string): SQL =>
  sql.raw(`coalesce(${alias}.service,
    case when ${alias}.trade_type = ${TRADE_TYPES.refund} and ${alias}.reference_type = 'reservation' then
      (select c.service from reservations r join ledger_entries c on c.id = r.charge_entry_id
        where r.id = ${alias}.reference_id::uuid and r.tenant_id = ${alias}.tenant_id) end,
    'other')`);

/**
 * created_at as an exact UTC text with microseconds: the keyset cursor must not lose precision.
 * Its output name shadows the column in ORDER BY, so sorts name the table's column explicitly.
 */
const EXACT_TS = exactUtc("created_at");

export interface LedgerFilter {
  tradeTypes?: number[];
  /** Calendar days (YYYY-MM-DD) in `timeZone`, both inclusive. */
  from?: string;
  to?: string;
  /** Bounds on the magnitude of the amount, in micros. */
  minMicros?: bigint;
  maxMicros?: bigint;
  timeZone: string;
}

export interface LedgerListRow {
  id: string;
  trade_type: number;
  amount_micros: string;
  balance_after_micros: string;
  service: string | null;
  quantity: number | null;
  reference_type: string | null;
  reference_id: string | null;
  actor_type: string;
  actor_id: string | null;
  note: string | null;
  note_key: string | null;
  note_params: unknown;
  created_at: string;
  /** created_at as a wall-clock text in the organisation's time zone (exports). */
  local_time: string;
  /**
   * Set when the row stands for the charges of a day's job of single checks (listQuery): how many
   * checks the job holds; its id is then the job's.
   */
  checks?: number | null;
}

/** The columns a ledger filter reads: a ledger row's own, or a day's job's standing in for them. */
interface FilterColumns {
  createdAt: SQL;
  id: SQL;
  tradeType: SQL;
  /** The magnitude of the amount. */
  magnitude: SQL;
}

const LEDGER_COLUMNS: FilterColumns = {
  createdAt: sql`created_at`,
  id: sql`id`,
  tradeType: sql`trade_type`,
  magnitude: sql`abs(amount_micros)`,
};

/** The trade type of a day's job of single checks (alias j): the API's, or the service's own. */
const SINGLE_JOB_TRADE_TYPE = sql.raw(
  `(case when j.channel = 'api' then ${TRADE_TYPES.checkNumberApi} ${SERVICES.map(
    (s) => `when j.service = '${s.code}' then ${s.tradeType}`,
  ).join(" ")} end)`,
);

const JOB_COLUMNS: FilterColumns = {
  createdAt: sql`j.finished_at`,
  id: sql`j.id`,
  tradeType: SINGLE_JOB_TRADE_TYPE,
  magnitude: sql`j.charged_micros`,
};

function conditions(filter: LedgerFilter, cursor?: Cursor, c: FilterColumns = LEDGER_COLUMNS): SQL[] {
  const parts: SQL[] = [];
  if (filter.tradeTypes?.length)
    parts.push(
      sql`${c.tradeType} in (${sql.join(
        filter.tradeTypes.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  if (filter.from)
    parts.push(sql`${c.createdAt} >= (${filter.from}::date::timestamp at time zone ${filter.timeZone})`);
  if (filter.to)
    parts.push(sql`${c.createdAt} < ((${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone})`);
  if (filter.minMicros !== undefined)
    parts.push(sql`${c.magnitude} >= ${filter.minMicros.toString()}::bigint`);
  if (filter.maxMicros !== undefined)
    parts.push(sql`${c.magnitude} <= ${filter.maxMicros.toString()}::bigint`);
  if (cursor)
    parts.push(sql`(${c.createdAt}, ${c.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  return parts;
}

const and = (tenant: SQL, parts: SQL[]) => sql.join([tenant, ...parts], sql` and `);

/** Read-only SQL of the account screens; every change of money goes through the billing service. */
export function accountRepo(db: Db) {
  const pageQuery = (tenantId: string, filter: LedgerFilter, limit: number, cursor?: Cursor) =>
    sql`select id, trade_type, amount_micros::text as amount_micros, balance_after_micros::text as balance_after_micros,
               service, quantity, reference_type, reference_id, actor_type, actor_id, note, note_key, note_params,
               ${EXACT_TS} as created_at,
               to_char(created_at at time zone ${filter.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local_time
        from ledger_entries
        where ${and(sql`tenant_id = ${tenantId}`, conditions(filter, cursor))}
        order by ledger_entries.created_at desc, ledger_entries.id desc
        limit ${limit}`;

  /**
   * The transaction list a customer reads: every ledger row, except that the charges of single
   * checks show as one row per day's job (docs/architecture.md, "A check costs one row"), at its
   * latest check, with the sum of its charges and the balance after the latest. Two keyset scans
   * merged, each on a partial index that holds only its kind of row.
   */
  const listQuery = (tenantId: string, filter: LedgerFilter, limit: number, cursor?: Cursor) =>
    sql`select * from (
          (select id, trade_type, amount_micros::text as amount_micros,
                  balance_after_micros::text as balance_after_micros, service, quantity, reference_type,
                  reference_id, actor_type, actor_id, note, note_key, note_params, null::int as checks,
                  ${EXACT_TS} as created_at,
                  to_char(created_at at time zone ${filter.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local_time,
                  created_at as at
           from ledger_entries
           where ${and(sql`tenant_id = ${tenantId} and ${sql.raw(LISTED_ALONE)}`, conditions(filter, cursor))}
           order by ledger_entries.created_at desc, ledger_entries.id desc
           limit ${limit})
          union all
          (select j.id, ${SINGLE_JOB_TRADE_TYPE} as trade_type, (-j.charged_micros)::text as amount_micros,
                  latest.balance_after_micros::text as balance_after_micros, j.service, null::int as quantity,
                  'detection_job' as reference_type, j.id::text as reference_id, latest.actor_type,
                  latest.actor_id, null as note, null as note_key, null::jsonb as note_params,
                  j.total as checks, ${exactUtc("j.finished_at")} as created_at,
                  to_char(j.finished_at at time zone ${filter.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local_time,
                  j.finished_at as at
           from detection_jobs j
           cross join lateral (
             select e.balance_after_micros, e.actor_type, e.actor_id
             from ledger_entries e
             where e.tenant_id = j.tenant_id and e.reference_type = 'detection_job' and e.reference_id = j.id::text
             order by e.created_at desc, e.id desc limit 1) latest
           where ${and(sql`j.tenant_id = ${tenantId} and j.kind = 'single' and j.charged_micros > 0`, conditions(filter, cursor, JOB_COLUMNS))}
           order by j.finished_at desc, j.id desc
           limit ${limit})
        ) listed
        order by at desc, id desc
        limit ${limit}`;

  return {
    pageQuery,

    /** Newest first, from after the cursor: one index range scan on (tenant_id, created_at, id). */
    page: (tenantId: string, filter: LedgerFilter, limit: number, cursor?: Cursor) =>
      queryRows<LedgerListRow>(db, pageQuery(tenantId, filter, limit, cursor)),

    listQuery,

    /** The customer's list: as `page`, with a day's single checks as one row (listQuery). */
    list: (tenantId: string, filter: LedgerFilter, limit: number, cursor?: Cursor) =>
      queryRows<LedgerListRow>(db, listQuery(tenantId, filter, limit, cursor)),

    async account(tenantId: string) {
      const rows = await queryRows<{
        currency: string;
        balance_micros: string;
        low_balance_threshold_micros: string | null;
      }>(
        db,
        sql`select currency, balance_micros::text as balance_micros,
                   low_balance_threshold_micros::text as low_balance_threshold_micros
            from accounts where tenant_id = ${tenantId}`,
      );
      return rows[0];
    },

    /** The welcome credit the organisation was given (WELCOME_CREDIT), 0 for none. */
    async welcomeCredit(tenantId: string): Promise<bigint> {
      const rows = await queryRows<{ total: string | null }>(
        db,
        sql`select sum(amount_micros)::text as total from ledger_entries
            where tenant_id = ${tenantId} and trade_type = ${TRADE_TYPES.add}
              and reference_type = ${WELCOME_CREDIT_REFERENCE}`,
      );
      return BigInt(rows[0]?.total ?? "0");
    },

    /** Net spending since the first day of the current month in the time zone. */
    async spendingThisMonth(tenantId: string, timeZone: string): Promise<bigint> {
      const rows = await queryRows<{ total: string }>(
        db,
        sql`select (${SPENDING_SUM})::text as total from ledger_entries
            where tenant_id = ${tenantId}
              and created_at >= (date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})`,
      );
      return BigInt(rows[0]?.total ?? "0");
    },

    /**
     * Per calendar day in the time zone, the last `days` days up to today: closing balance and
     * spending; none before the day the organisation was created, when it had no balance to show.
     */
    series: (tenantId: string, timeZone: string, days: number) =>
      queryRows<{ day: string; balance: string; spending: string }>(
        db,
        sql`with bounds as (
              select (now() at time zone ${timeZone})::date as today,
                     (select (t.created_at at time zone ${timeZone})::date from tenants t where t.id = ${tenantId}) as born
            ),
            days as (
              select d::date as day,
                     (d::date::timestamp at time zone ${timeZone}) as start_at,
                     ((d::date + 1)::timestamp at time zone ${timeZone}) as end_at
              from bounds,
                   generate_series(greatest(bounds.today - ${days - 1}::int, least(bounds.born, bounds.today)),
                                   bounds.today, interval '1 day') d
            )
            select to_char(days.day, 'YYYY-MM-DD') as day,
              coalesce((select l.balance_after_micros from ledger_entries l
                        where l.tenant_id = ${tenantId} and l.created_at < days.end_at
                        order by l.created_at desc, l.id desc limit 1), 0)::text as balance,
              (select (${SPENDING_SUM})::text from ledger_entries l
                where l.tenant_id = ${tenantId} and l.created_at >= days.start_at and l.created_at < days.end_at) as spending
            from days order by days.day`,
      ),

    async entry(tenantId: string, id: string, timeZone: string) {
      const rows = await queryRows<LedgerListRow>(
        db,
        sql`select id, trade_type, amount_micros::text as amount_micros, balance_after_micros::text as balance_after_micros,
                   service, quantity, reference_type, reference_id, actor_type, actor_id, note, note_key, note_params,
                   ${EXACT_TS} as created_at,
                   to_char(created_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local_time
            from ledger_entries where tenant_id = ${tenantId} and id = ${id}`,
      );
      return rows[0];
    },

    /** The reservation a row belongs to: the hold it opened (bulk charge) or the one it released. */
    async reservationFor(tenantId: string, entryId: string, referenceId: string | null) {
      const rows = await queryRows<{
        id: string;
        reserved_micros: string;
        settled_micros: string;
        released_micros: string;
        status: string;
        charge_entry_id: string;
        created_at: string;
        closed_at: string | null;
      }>(
        db,
        sql`select id, reserved_micros::text as reserved_micros, settled_micros::text as settled_micros,
                   released_micros::text as released_micros, status, charge_entry_id,
                   to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
                   to_char(closed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as closed_at
            from reservations
            where tenant_id = ${tenantId}
              and (charge_entry_id = ${entryId}
                   or id::text = ${referenceId ?? ""})
            limit 1`,
      );
      return rows[0];
    },

    /** The recharge order that credited this row, or the one it refers to. */
    async rechargeOrderFor(tenantId: string, entryId: string, referenceId: string | null) {
      const rows = await queryRows<{
        id: string;
        method: string;
        status: string;
        reference: string;
        amount_micros: string;
        currency: string;
      }>(
        db,
        sql`select id, method, status, reference, amount_micros::text as amount_micros, currency
            from recharge_orders
            where tenant_id = ${tenantId}
              and (ledger_entry_id = ${entryId} or id::text = ${referenceId ?? ""})
            limit 1`,
      );
      return rows[0];
    },

    async user(id: string) {
      const rows = await queryRows<{ id: string; name: string; email: string }>(
        db,
        sql`select id, name, email from users where id::text = ${id}`,
      );
      return rows[0];
    },

    /** Sets the threshold; a balance already under it counts as known, so no notice until it crosses again. */
    async setThreshold(tenantId: string, threshold: bigint | null, runner: Pick<Db, "execute"> = db) {
      const value = threshold === null ? null : threshold.toString();
      await runner.execute(
        sql`update accounts set low_balance_threshold_micros = ${value}::bigint,
                   low_balance_alerted = coalesce(balance_micros < ${value}::bigint, false),
                   updated_at = now()
            where tenant_id = ${tenantId}`,
      );
    },
  };
}

export type AccountRepo = ReturnType<typeof accountRepo>;
