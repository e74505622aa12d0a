import { and, eq, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, Runner, Tx } from "../../core/db";
import { queryRows, queryRowsPrepared } from "../../db/query";
import { accounts, ledgerEntries, reservations } from "../../db/schema/index";

export type LedgerRow = typeof ledgerEntries.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;

export interface EntryValues {
  /** Given when the caller must name the row before it is written (a uuid v7); else made here. */
  id?: string;
  tenantId: string;
  tradeType: number;
  /** Signed: negative takes money out of the balance. */
  amountMicros: bigint;
  service?: string | null;
  quantity?: number | null;
  referenceType?: string | null;
  referenceId?: string | null;
  idempotencyKey?: string | null;
  requestHash?: string | null;
  actorType: string;
  actorId?: string | null;
  note?: string | null;
  /** A system note's key and parameters (see ledger-note.ts); `note` then holds its English. */
  noteKey?: string | null;
  noteParams?: Record<string, string | number> | null;
}

/** A ledger row as the database driver returns it (amounts as text, to keep every digit). */
interface LedgerSqlRow {
  id: string;
  tenant_id: string;
  trade_type: number;
  amount_micros: string;
  balance_after_micros: string;
  service: string | null;
  quantity: number | null;
  reference_type: string | null;
  reference_id: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  actor_type: string;
  actor_id: string | null;
  note: string | null;
  note_key: string | null;
  note_params: unknown;
  created_at: string | Date;
}

const toLedgerRow = (r: LedgerSqlRow): LedgerRow => ({
  id: r.id,
  tenantId: r.tenant_id,
  tradeType: Number(r.trade_type),
  amountMicros: BigInt(r.amount_micros),
  balanceAfterMicros: BigInt(r.balance_after_micros),
  service: r.service,
  quantity: r.quantity === null ? null : Number(r.quantity),
  referenceType: r.reference_type,
  referenceId: r.reference_id,
  idempotencyKey: r.idempotency_key,
  requestHash: r.request_hash,
  actorType: r.actor_type,
  actorId: r.actor_id,
  note: r.note,
  noteKey: r.note_key,
  noteParams: r.note_params,
  createdAt: new Date(r.created_at),
});

/**
 * Two common table expressions: `e`, the ledger rows inserted (passed as one JSON document, no
 * per-value parameters to build), and the debits among them that name a service and a quantity
 * added to the month's volume.
 */
function ledgerInsert(rows: (EntryValues & { balanceAfter: bigint })[]): SQL {
  const document = JSON.stringify(
    rows.map((v) => ({
      id: v.id ?? uuidv7(),
      tenant_id: v.tenantId,
      trade_type: v.tradeType,
      amount_micros: v.amountMicros.toString(),
      balance_after_micros: v.balanceAfter.toString(),
      service: v.service ?? null,
      quantity: v.quantity ?? null,
      reference_type: v.referenceType ?? null,
      reference_id: v.referenceId ?? null,
      idempotency_key: v.idempotencyKey ?? null,
      request_hash: v.requestHash ?? null,
      actor_type: v.actorType,
      actor_id: v.actorId ?? null,
      note: v.note ?? null,
      note_key: v.noteKey ?? null,
      note_params: v.noteParams ?? null,
    })),
  );
  return sql`e as (
      insert into ledger_entries (id, tenant_id, trade_type, amount_micros, balance_after_micros, service,
        quantity, reference_type, reference_id, idempotency_key, request_hash, actor_type, actor_id, note,
        note_key, note_params)
      select * from json_to_recordset(${document}::json) as r(id uuid, tenant_id uuid, trade_type smallint,
        amount_micros bigint, balance_after_micros bigint, service text, quantity int, reference_type text,
        reference_id text, idempotency_key text, request_hash text, actor_type text, actor_id text, note text,
        note_key text, note_params jsonb)
      returning *
    ), volumes as (
      insert into monthly_volumes (tenant_id, month, service, quantity)
      select tenant_id, date_trunc('month', created_at at time zone 'UTC')::date, service, sum(quantity)
      from e where amount_micros < 0 and service is not null and quantity is not null
      group by 1, 2, 3
      on conflict (tenant_id, month, service) do update
        set quantity = monthly_volumes.quantity + excluded.quantity
      returning tenant_id, month, service, quantity
    )`;
}

/** An account whose low-balance flag a movement just set (the notice and event go out once). */
export interface LowBalanceFlip {
  tenant_id: string;
  alerted: boolean;
  balance_micros: string;
  threshold_micros: string;
  currency: string;
}

/**
 * What a batch of debits priced without locking assumed (billing-service.ts, chargeBatch): each
 * account's balance after the batch and each month's volume after it. The write checks both under
 * its row locks and is refused with SQLSTATE NC409 (`isStaleCharge`) when either has moved.
 */
export interface DebitGuard {
  month: string;
  balancesAfter: Map<string, bigint>;
  /** The month's volume of each organisation's service the batch charged, once it is counted. */
  volumesAfter: { tenantId: string; service: string; quantity: number }[];
}

/**
 * The guarded write found a balance or a volume other than the one its batch was priced at: its
 * guard refused it (NC409), or a balance lower than priced at failed the accounts' check that a
 * balance is never negative (23514) before the guard was reached.
 */
export const isStaleCharge = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  const code = e.cause?.code ?? e.code;
  return code === "NC409" || code === "23514";
};

// accounts read here is the statement's snapshot: the flag as it was before the update (the
// ledger CTEs run to completion whether or not this reads them).
const flipsSelect = sql`select m.tenant_id, m.low_balance_alerted as alerted, m.balance_micros::text as balance_micros,
      m.low_balance_threshold_micros::text as threshold_micros, m.currency
    from moved m join accounts was on was.tenant_id = m.tenant_id
    where m.low_balance_alerted and not was.low_balance_alerted`;

/**
 * Instead of the flips (there are none when it passes): aborts the statement (nc_assert, NC409)
 * unless every balance and volume after it is the one the batch was priced for and no low-balance
 * flag was set (its notice belongs to the locked way). `moved` and `volumes` return the rows as
 * written, under their row locks.
 */
function guardSelect(guard: DebitGuard): SQL {
  const balances = [...guard.balancesAfter];
  const volumes = guard.volumesAfter;
  return sql`select nc_assert(
      (select count(*) from moved m join unnest(${sql.param(balances.map(([t]) => t))}::uuid[],
          ${sql.param(balances.map(([, b]) => String(b)))}::bigint[]) as x(tenant_id, balance)
        on x.tenant_id = m.tenant_id and x.balance = m.balance_micros) = ${balances.length}
      and (select count(*) from volumes v join unnest(${sql.param(volumes.map((v) => v.tenantId))}::uuid[],
          ${sql.param(volumes.map((v) => v.service))}::text[],
          ${sql.param(volumes.map((v) => String(v.quantity)))}::bigint[]) as y(tenant_id, service, quantity)
        on y.tenant_id = v.tenant_id and y.service = v.service and y.quantity = v.quantity
          and v.month = ${guard.month}::date) = ${volumes.length}
      and not exists (${flipsSelect}),
      'balance or volume') as ok`;
}

/** The SQL of money: every balance change is one conditional update plus one ledger row. */
export function billingRepo(db: Db) {
  /**
   * Writes ledger rows (each with its balance after) and counts the debits that name a service and
   * a quantity toward the month's volume: one statement for all of them, the rows passed as one
   * JSON document (no per-value parameters to build).
   */
  async function insertEntries(
    tx: Tx,
    rows: (EntryValues & { balanceAfter: bigint })[],
  ): Promise<LedgerRow[]> {
    if (rows.length === 0) return [];
    const written = await queryRows<LedgerSqlRow>(
      tx,
      sql`with ${ledgerInsert(rows)}
          select id, tenant_id, trade_type, amount_micros::text, balance_after_micros::text, service, quantity,
            reference_type, reference_id, idempotency_key, request_hash, actor_type, actor_id, note, note_key, note_params,
            created_at
          from e`,
    );
    return written.map(toLedgerRow);
  }

  /** Creates the accounts these organisations do not have yet, in their partners' currencies. */
  const ensureAccounts = (tx: Runner, tenantIds: string[]) =>
    tx.execute(sql`
      insert into accounts (tenant_id, currency)
      select t.id, p.currency from tenants t join partners p on p.id = t.partner_id
      where t.id = any(${sql.param(tenantIds)}::uuid[])
      on conflict (tenant_id) do nothing`);

  return {
    ensureAccounts,
    /** Creates the organisation's account in its partner's currency if it has none yet. */
    ensureAccount: (tx: Runner, tenantId: string) => ensureAccounts(tx, [tenantId]),

    /**
     * Moves the balance by a signed amount unless that would take it below zero or, with a
     * ceiling, a credit would take it above that; returns the new balance, or null when refused.
     * One statement, so the bounds hold under any number of parallel moves; the row lock it takes
     * serialises every change of one account until the transaction ends.
     */
    async moveBalance(tx: Tx, tenantId: string, delta: bigint, ceiling?: bigint): Promise<bigint | null> {
      const moved = sql`balance_micros + ${delta.toString()}::bigint`;
      const rows = await queryRows<{ balance_micros: string }>(
        tx,
        sql`update accounts set balance_micros = ${moved}, updated_at = now()
            where tenant_id = ${tenantId} and ${moved} >= 0
              ${ceiling === undefined || delta <= 0n ? sql`` : sql`and ${moved} <= ${ceiling.toString()}::bigint`}
            returning balance_micros`,
      );
      return rows[0] ? BigInt(rows[0].balance_micros) : null;
    },

    /**
     * Keeps the low-balance flag in step with the balance after a move (same transaction, the rows
     * are already locked): set when the balance is under the threshold, cleared when it is not.
     * Returns the accounts whose flag changed, so a notice goes out once per crossing.
     */
    lowBalanceFlips: (tx: Tx, tenantIds: string[]) =>
      queryRows<LowBalanceFlip>(
        tx,
        sql`update accounts set low_balance_alerted = (balance_micros < low_balance_threshold_micros)
            where tenant_id = any(${sql.param(tenantIds)}::uuid[]) and low_balance_threshold_micros is not null
              and low_balance_alerted <> (balance_micros < low_balance_threshold_micros)
            returning tenant_id, low_balance_alerted as alerted, balance_micros::text as balance_micros,
                      low_balance_threshold_micros::text as threshold_micros, currency`,
      ),

    /**
     * Locks the accounts of these organisations (in id order, so two batches never wait on each
     * other crosswise) and reads their balances with the month's charged volume per service;
     * organisations without an account yet are left out.
     */
    lockForDebits: (tx: Tx, tenantIds: string[], month: string) =>
      queryRowsPrepared<{
        tenant_id: string;
        balance_micros: string;
        currency: string;
        volumes: Record<string, number>;
      }>(
        tx,
        sql`with locked as (
              select tenant_id, balance_micros, currency from accounts
              where tenant_id = any(${sql.param(tenantIds)}::uuid[]) order by tenant_id for update)
            select l.tenant_id, l.balance_micros::text as balance_micros, l.currency,
              coalesce((select json_object_agg(v.service, v.quantity) from monthly_volumes v
                        where v.tenant_id = l.tenant_id and v.month = ${month}::date), '{}'::json) as volumes
            from locked l`,
      ),

    /**
     * Writes a batch of debits already checked against the locked balances, in one statement:
     * each account moves by its total, the ledger rows and the month's volumes are written, and
     * the low-balance flag follows the new balance, and `alongside` (common table expressions
     * writing what the debits pay for) runs in the same statement. Returns the accounts whose
     * flag was just set. With a guard, the batch was priced without the lock: the statement runs
     * on its own (one round trip, its own transaction) and is refused unless the balances and
     * volumes it meets are those it was priced at (see guardSelect); it then returns nothing.
     */
    writeDebits: async (
      runner: Runner,
      deltas: Map<string, bigint>,
      rows: (EntryValues & { balanceAfter: bigint })[],
      alongside?: SQL,
      guard?: DebitGuard,
    ): Promise<LowBalanceFlip[]> => {
      const flips = await queryRowsPrepared<LowBalanceFlip>(
        runner,
        sql`with d as (
              select * from unnest(${sql.param([...deltas.keys()])}::uuid[],
                                   ${sql.param([...deltas.values()].map(String))}::bigint[]) as d(tenant_id, delta)
            ), moved as (
              update accounts a set balance_micros = a.balance_micros + d.delta, updated_at = now(),
                low_balance_alerted = case when a.low_balance_threshold_micros is null then a.low_balance_alerted
                  else a.balance_micros + d.delta < a.low_balance_threshold_micros end
              from d where a.tenant_id = d.tenant_id
              returning a.tenant_id, a.low_balance_alerted, a.balance_micros, a.low_balance_threshold_micros, a.currency
            ), ${ledgerInsert(rows)}${alongside ? sql`, ${alongside}` : sql``}
            ${guard ? guardSelect(guard) : flipsSelect}`,
      );
      // Guarded, the statement answers its guard's row, not flips: it set no flag if it passed.
      return guard ? [] : flips;
    },

    insertEntries,

    /** Writes a ledger row; a debit naming a service and a quantity also counts toward the month's volume. */
    async insertEntry(tx: Tx, values: EntryValues, balanceAfter: bigint): Promise<LedgerRow> {
      const [row] = await insertEntries(tx, [{ ...values, balanceAfter }]);
      return row!;
    },

    byIdempotencyKey: async (tenantId: string, key: string) =>
      (
        await db
          .select()
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.tenantId, tenantId), eq(ledgerEntries.idempotencyKey, key)))
      )[0],

    /** Inside a transaction pass it, or the read waits for a connection the transaction holds. */
    account: async (tenantId: string, executor: Runner = db) =>
      (await executor.select().from(accounts).where(eq(accounts.tenantId, tenantId)))[0],

    async ledgerSum(tenantId: string): Promise<bigint> {
      const rows = await queryRows<{ total: string | null }>(
        db,
        sql`select coalesce(sum(amount_micros), 0)::text as total from ledger_entries where tenant_id = ${tenantId}`,
      );
      return BigInt(rows[0]?.total ?? "0");
    },

    insertReservation: async (
      tx: Tx,
      values: { tenantId: string; reservedMicros: bigint; chargeEntryId: string },
    ) =>
      (
        await tx
          .insert(reservations)
          .values({ id: uuidv7(), ...values })
          .returning()
      )[0]!,

    reservationByCharge: async (chargeEntryId: string) =>
      (await db.select().from(reservations).where(eq(reservations.chargeEntryId, chargeEntryId)))[0],

    /** Adds to what a reservation has used, never beyond what it holds. */
    async settle(
      tenantId: string,
      id: string,
      amount: bigint,
      runner: Runner = db,
    ): Promise<ReservationRow | undefined> {
      const rows = await queryRows<{ id: string }>(
        runner,
        sql`update reservations set settled_micros = settled_micros + ${amount.toString()}::bigint
            where id = ${id} and tenant_id = ${tenantId} and status = 'open'
              and settled_micros + ${amount.toString()}::bigint <= reserved_micros
            returning id`,
      );
      if (!rows[0]) return undefined;
      return (
        await runner
          .select()
          .from(reservations)
          .where(and(eq(reservations.id, id), eq(reservations.tenantId, tenantId)))
      )[0];
    },

    /** Closes a reservation once and says how much of the hold was not used. */
    async close(tx: Tx, tenantId: string, id: string): Promise<bigint | null> {
      const rows = await queryRows<{ unused: string }>(
        tx,
        sql`update reservations set released_micros = reserved_micros - settled_micros, status = 'closed', closed_at = now()
            where id = ${id} and tenant_id = ${tenantId} and status = 'open'
            returning (reserved_micros - settled_micros)::text as unused`,
      );
      return rows[0] ? BigInt(rows[0].unused) : null;
    },

    reservation: async (tenantId: string, id: string) =>
      (
        await db
          .select()
          .from(reservations)
          .where(and(eq(reservations.tenantId, tenantId), eq(reservations.id, id)))
      )[0],
  };
}
