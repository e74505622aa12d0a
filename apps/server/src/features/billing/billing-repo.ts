import { and, eq, type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, Runner, Tx } from "../../core/db";
import { queryRows, queryRowsPrepared } from "../../db/query";
import { accounts, ledgerEntries, reservations } from "../../db/schema/index";
import { type KeySpend, type SpendPeriod, spendUpsert, spendWithinLimits } from "./key-spend-repo";

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
 * added to the month's volume. With `afterMoved`, each row's balance after is given as its offset
 * from its account's balance after the statement, read from the `moved` expression: the chain
 * starts from the balance the statement met under its row lock, not from one read before it.
 */
function ledgerInsert(rows: (EntryValues & { balanceAfter: bigint })[], afterMoved = false): SQL {
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
      select r.id, r.tenant_id, r.trade_type, r.amount_micros,
        ${afterMoved ? sql`m.balance_micros + r.balance_after_micros` : sql`r.balance_after_micros`}, r.service,
        r.quantity, r.reference_type, r.reference_id, r.idempotency_key, r.request_hash, r.actor_type, r.actor_id,
        r.note, r.note_key, r.note_params
      from json_to_recordset(${document}::json) as r(id uuid, tenant_id uuid, trade_type smallint,
        amount_micros bigint, balance_after_micros bigint, service text, quantity int, reference_type text,
        reference_id text, idempotency_key text, request_hash text, actor_type text, actor_id text, note text,
        note_key text, note_params jsonb)
        ${afterMoved ? sql`join moved m on m.tenant_id = r.tenant_id` : sql``}
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
 * What a batch of debits priced without locking assumed (billing-service.ts, chargeBatch): the
 * organisations it debits (locked in this order) and, for each organisation's service it counts
 * toward the month's volume, how much it adds and the range of volumes before it within which
 * every one of its debits keeps the price it was given. The write debits the balances relatively
 * and is refused with SQLSTATE NC409 (`isStaleCharge`) when a volume it meets is outside its range
 * or it would set a low-balance flag; a balance that does not cover it fails the accounts' check
 * (23514). Nothing is written then.
 */
export interface DebitGuard {
  month: string;
  /** Sorted, as lockForDebits locks them: two writers never wait on each other crosswise. */
  tenantIds: string[];
  volumes: { tenantId: string; service: string; moved: number; from: number; to: number }[];
}

/** What a guarded write met and left: each balance and each month's volume after it. */
export interface DebitsWritten {
  balances: Map<string, bigint>;
  volumes: { tenantId: string; service: string; quantity: number }[];
}

/**
 * The guarded write found a volume outside the range its batch was priced for or would set a
 * low-balance flag (NC409), or a balance that does not cover it failed the accounts' check that a
 * balance is never negative (23514).
 */
export const isStaleCharge = (error: unknown): boolean => {
  const e = error as { code?: string; cause?: { code?: string } };
  const code = e.cause?.code ?? e.code;
  return code === "NC409" || code === "23514";
};

// accounts read here is the statement's snapshot: the flag as it was before the update, as the
// locked way holds the accounts' locks since an earlier statement (the ledger CTEs run to
// completion whether or not this reads them).
const flipsSelect = sql`select m.tenant_id, m.low_balance_alerted as alerted, m.balance_micros::text as balance_micros,
      m.low_balance_threshold_micros::text as threshold_micros, m.currency
    from moved m join accounts was on was.tenant_id = m.tenant_id
    where m.low_balance_alerted and not was.low_balance_alerted`;

/**
 * The guarded write's answer: it locks the accounts in id order first (`locked`, read first),
 * then aborts the statement (nc_assert, NC409) unless every volume it meets before its debits is
 * in the range they were priced for and no low-balance flag was set (its notice belongs to the
 * locked way); it returns the balances and volumes it left. Every value it compares is read as it
 * is now, not as the statement's snapshot had it before it waited for a lock: the flag before the
 * update from `locked` (a locking read), the balances from the update, the volumes from their
 * upsert (both work on the row as it is now).
 */
function guardSelect(guard: DebitGuard, spends: boolean): SQL {
  const volumes = guard.volumes;
  return sql`select nc_assert(
      (select count(*) from locked) = ${guard.tenantIds.length}
      and (select count(*) from moved) = ${guard.tenantIds.length}
      and (select count(*) from volumes v join unnest(${sql.param(volumes.map((v) => v.tenantId))}::uuid[],
          ${sql.param(volumes.map((v) => v.service))}::text[],
          ${sql.param(volumes.map((v) => String(v.moved)))}::bigint[],
          ${sql.param(volumes.map((v) => String(v.from)))}::bigint[],
          ${sql.param(volumes.map((v) => String(v.to)))}::bigint[]) as y(tenant_id, service, moved, lo, hi)
        on y.tenant_id = v.tenant_id and y.service = v.service and v.month = ${guard.month}::date
          and v.quantity - y.moved between y.lo and y.hi) = ${volumes.length}
      and not exists (select 1 from moved m join locked l on l.tenant_id = m.tenant_id
                      where m.low_balance_alerted and not l.low_balance_alerted)
      ${spends ? sql`and ${spendWithinLimits}` : sql``},
      'volume band, low balance or key spend') as ok,
      (select json_agg(json_build_array(m.tenant_id, m.balance_micros::text)) from moved m) as balances,
      (select json_agg(json_build_array(v.tenant_id, v.service, v.quantity)) from volumes v
        where v.month = ${guard.month}::date) as volumes`;
}

/**
 * The statement that writes a batch of debits: `d` the accounts' totals, `moved` the accounts
 * updated by them (relatively: from the balance the row lock finds), the ledger rows and volumes,
 * what the debits pay for; it answers the flags set, or with a guard the guard's row, after
 * locking the accounts in id order (`locked`, which the guard reads before anything else).
 */
function debitsStatement(
  deltas: Map<string, bigint>,
  rows: (EntryValues & { balanceAfter: bigint })[],
  alongside: SQL | undefined,
  guard: DebitGuard | null,
  spends: KeyCharges,
): SQL {
  const spend = spends.keys.length > 0 ? sql`, ${spendUpsert(spends.keys, spends.period)}` : sql``;
  const locked = guard
    ? sql`locked as (
              select tenant_id, low_balance_alerted from accounts
              where tenant_id = any(${sql.param(guard.tenantIds)}::uuid[])
              order by tenant_id for update
            ), `
    : sql``;
  return sql`with ${locked}d as (
              select * from unnest(${sql.param([...deltas.keys()])}::uuid[],
                                   ${sql.param([...deltas.values()].map(String))}::bigint[]) as d(tenant_id, delta)
            ), moved as (
              update accounts a set balance_micros = a.balance_micros + d.delta, updated_at = now(),
                low_balance_alerted = case when a.low_balance_threshold_micros is null then a.low_balance_alerted
                  else a.balance_micros + d.delta < a.low_balance_threshold_micros end
              from d where a.tenant_id = d.tenant_id
              returning a.tenant_id, a.low_balance_alerted, a.balance_micros, a.low_balance_threshold_micros, a.currency
            ), ${ledgerInsert(rows, guard !== null)}${spend}${alongside ? sql`, ${alongside}` : sql``}
            ${guard ? guardSelect(guard, spends.keys.length > 0) : flipsSelect}`;
}

/** What a batch's API keys spend in it, counted in its statement (key-spend-repo.ts). */
export interface KeyCharges {
  keys: KeySpend[];
  period: SpendPeriod;
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
     * organisations without an account yet are left out. The volumes are read by a second
     * statement, once the locks are held: a statement reads what was committed when it started,
     * so volumes read by the locking statement itself would miss what the writer it waited for
     * committed (a locked row is read as it is now, other rows are not), and the batch would be
     * priced in the wrong band.
     */
    async lockForDebits(tx: Tx, tenantIds: string[], month: string) {
      const locked = await queryRowsPrepared<{ tenant_id: string; balance_micros: string; currency: string }>(
        tx,
        sql`select tenant_id, balance_micros::text as balance_micros, currency from accounts
            where tenant_id = any(${sql.param(tenantIds)}::uuid[]) order by tenant_id for update`,
      );
      if (locked.length === 0) return [];
      const volumes = await queryRowsPrepared<{ tenant_id: string; service: string; quantity: string }>(
        tx,
        sql`select tenant_id, service, quantity::text as quantity from monthly_volumes
            where tenant_id = any(${sql.param(locked.map((a) => a.tenant_id))}::uuid[]) and month = ${month}::date`,
      );
      return locked.map((a) => ({
        ...a,
        volumes: Object.fromEntries(
          volumes.filter((v) => v.tenant_id === a.tenant_id).map((v) => [v.service, Number(v.quantity)]),
        ) as Record<string, number>,
      }));
    },

    /**
     * Writes a batch of debits already checked against the locked balances, in one statement:
     * each account moves by its total, the ledger rows and the month's volumes are written, and
     * the low-balance flag follows the new balance, and `alongside` (common table expressions
     * writing what the debits pay for) runs in the same statement. Returns the accounts whose
     * flag was just set.
     */
    writeDebits: (
      tx: Tx,
      deltas: Map<string, bigint>,
      rows: (EntryValues & { balanceAfter: bigint })[],
      alongside: SQL | undefined,
      spends: KeyCharges,
    ): Promise<LowBalanceFlip[]> =>
      queryRowsPrepared<LowBalanceFlip>(tx, debitsStatement(deltas, rows, alongside, null, spends)),

    /**
     * The same write for a batch priced without the lock, on its own (one round trip, its own
     * transaction): the balances move by the batch's totals from whatever they are, each ledger
     * row's balance after is its offset (`balanceAfter`) from its account's new balance, and the
     * guard (see guardSelect) refuses it unless the prices it was given still hold. Returns the
     * balances and volumes it left.
     */
    async writeDebitsGuarded(
      deltas: Map<string, bigint>,
      offsets: (EntryValues & { balanceAfter: bigint })[],
      alongside: SQL | undefined,
      guard: DebitGuard,
      spends: KeyCharges,
    ): Promise<DebitsWritten> {
      const [row] = await queryRowsPrepared<{
        balances: [string, string][] | null;
        volumes: [string, string, number | string][] | null;
      }>(db, debitsStatement(deltas, offsets, alongside, guard, spends));
      return {
        balances: new Map((row?.balances ?? []).map(([tenantId, b]) => [tenantId, BigInt(b)])),
        volumes: (row?.volumes ?? []).map(([tenantId, service, quantity]) => ({
          tenantId,
          service,
          quantity: Number(quantity),
        })),
      };
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
