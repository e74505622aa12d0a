import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { type SQL, sql } from "drizzle-orm";
import type { Cursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { exactUtc, queryRows } from "../../db/query";

/** Trade types that consume the balance (checks and bulk work); refunds (10) give some back. */
export const SPENDING_TYPES: readonly number[] = [
  TRADE_TYPES.checkNumberApi,
  TRADE_TYPES.checkBasic,
  TRADE_TYPES.checkHlr,
  TRADE_TYPES.checkMnp,
  TRADE_TYPES.checkFraudShield,
  TRADE_TYPES.checkFraudShieldEnhanced,
  TRADE_TYPES.dataWebDetection,
  TRADE_TYPES.dataApiDetection,
];

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
}

function conditions(tenantId: string, filter: LedgerFilter, cursor?: Cursor): SQL {
  const parts: SQL[] = [sql`tenant_id = ${tenantId}`];
  if (filter.tradeTypes?.length)
    parts.push(
      sql`trade_type in (${sql.join(
        filter.tradeTypes.map((t) => sql`${t}`),
        sql`, `,
      )})`,
    );
  if (filter.from)
    parts.push(sql`created_at >= (${filter.from}::date::timestamp at time zone ${filter.timeZone})`);
  if (filter.to)
    parts.push(sql`created_at < ((${filter.to}::date + 1)::timestamp at time zone ${filter.timeZone})`);
  if (filter.minMicros !== undefined)
    parts.push(sql`abs(amount_micros) >= ${filter.minMicros.toString()}::bigint`);
  if (filter.maxMicros !== undefined)
    parts.push(sql`abs(amount_micros) <= ${filter.maxMicros.toString()}::bigint`);
  if (cursor) parts.push(sql`(created_at, id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`);
  return sql.join(parts, sql` and `);
}

/** Read-only SQL of the account screens; every change of money goes through the billing service. */
export function accountRepo(db: Db) {
  const pageQuery = (tenantId: string, filter: LedgerFilter, limit: number, cursor?: Cursor) =>
    sql`select id, trade_type, amount_micros::text as amount_micros, balance_after_micros::text as balance_after_micros,
               service, quantity, reference_type, reference_id, actor_type, actor_id, note, note_key, note_params,
               ${EXACT_TS} as created_at,
               to_char(created_at at time zone ${filter.timeZone}, 'YYYY-MM-DD HH24:MI:SS') as local_time
        from ledger_entries
        where ${conditions(tenantId, filter, cursor)}
        order by ledger_entries.created_at desc, ledger_entries.id desc
        limit ${limit}`;

  return {
    pageQuery,

    /** Newest first, from after the cursor: one index range scan on (tenant_id, created_at, id). */
    page: (tenantId: string, filter: LedgerFilter, limit: number, cursor?: Cursor) =>
      queryRows<LedgerListRow>(db, pageQuery(tenantId, filter, limit, cursor)),

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

    /** Per calendar day in the time zone, the last `days` days up to today: closing balance and spending. */
    series: (tenantId: string, timeZone: string, days: number) =>
      queryRows<{ day: string; balance: string; spending: string }>(
        db,
        sql`with bounds as (select (now() at time zone ${timeZone})::date as today),
            days as (
              select d::date as day,
                     (d::date::timestamp at time zone ${timeZone}) as start_at,
                     ((d::date + 1)::timestamp at time zone ${timeZone}) as end_at
              from bounds, generate_series(bounds.today - ${days - 1}::int, bounds.today, interval '1 day') d
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
