import { createHash } from "node:crypto";
import { BALANCE_MAX_MICROS } from "@nc/contracts/money";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { type SQL, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import { AppError } from "../../core/app-error";
import { type Db, isUniqueViolation, type Runner, type Tx } from "../../core/db";
import { moneyParam } from "../../core/money";
import type { NoticeService } from "../notice/index";
import { monthStartUtc } from "../price/index";
import { enqueueWebhookEvent } from "../webhook/index";
import {
  billingRepo,
  type EntryValues,
  isStaleCharge,
  type LedgerRow,
  type LowBalanceFlip,
  type ReservationRow,
} from "./billing-repo";
import {
  type KeyBudget,
  type KeySpend,
  keySpendRepo,
  type SpendFlip,
  type SpendPeriod,
  spendPeriodOf,
} from "./key-spend-repo";
import { type LedgerNote, noteColumns } from "./ledger-note";

export interface Actor {
  type: "user" | "operator" | "system" | "api_key";
  id?: string;
}

export interface Movement {
  tenantId: string;
  tradeType: number;
  /** Positive magnitude; the trade type says the direction. */
  amountMicros: bigint;
  service?: string;
  quantity?: number;
  reference?: { type: string; id: string };
  /** Same key and same request: the first answer again, charged once. Different request: refused. */
  idempotencyKey?: string;
  /** What the caller asked for, to tell a replay from a different request under the same key. */
  request?: unknown;
  actor: Actor;
  /** Free text, or a system note shown in each reader's language (ledger-note.ts). */
  note?: LedgerNote;
  /** More work in the movement's own transaction once its row is written (its audit event). */
  alongside?: (tx: Tx, entry: LedgerRow) => Promise<void>;
}

export interface Posted {
  entry: LedgerRow;
  replayed: boolean;
}

// Credits raise the balance; every other trade type lowers it.
const CREDIT_TYPES = new Set<number>([TRADE_TYPES.add, TRADE_TYPES.recharge, TRADE_TYPES.refund]);
const BULK_TYPES = new Set<number>([TRADE_TYPES.dataWebDetection, TRADE_TYPES.dataApiDetection]);

const hashRequest = (request: unknown) =>
  createHash("sha256")
    .update(JSON.stringify(request ?? null, (_k, v) => (typeof v === "bigint" ? v.toString() : v)))
    .digest("hex");

/** The 402 for a debit the balance does not cover, saying how much is missing. */
export function insufficientBalance(amount: bigint, balance: bigint, currency: string): AppError {
  const missing = amount - balance;
  return new AppError(
    "insufficientBalance",
    { missingMicros: missing.toString(), balanceMicros: balance.toString(), currency },
    { missing: moneyParam(missing, currency) },
  );
}

/**
 * The 402 for a debit an API key's spend limit does not cover (docs/api.md, "Spend limits"): the
 * key's own code, distinct from an insufficient balance.
 */
export function spendLimitReached(
  period: "day" | "month",
  limit: bigint,
  spent: bigint,
  currency: string,
): AppError {
  return new AppError(
    "apiKeySpendLimit",
    { period, limitMicros: limit.toString(), spentMicros: spent.toString(), currency },
    { limit: moneyParam(limit, currency) },
  );
}

/** The key a debit is made with, whose spend limits it counts against. */
const keyOf = (actor: Actor): string | null => (actor.type === "api_key" && actor.id ? actor.id : null);

/** One debit of a batch (see chargeBatch); its amount is known only once the month's volume is read. */
export interface BatchDebit {
  tenantId: string;
  tradeType: number;
  service: string;
  quantity: number;
  /** The amount at this month's charged volume of the service before this debit; 0n charges nothing. */
  amountAt: (volume: number) => bigint;
  /**
   * The volumes (inclusive) around this one at which amountAt gives the same amount (its price
   * band's). Without it the batch is priced the locked way: a batch priced without the lock is
   * written only while the volume it meets keeps every debit's amount (see chargeBatch).
   */
  sameAmountWithin?: (volume: number) => [from: number, to: number];
  reference?: { type: string; id: string };
  idempotencyKey?: string;
  request?: unknown;
  actor: Actor;
  /**
   * Debits of the batch with the same key share one ledger row: its amount and quantity are
   * their sums (docs/architecture.md, "A check costs one row"). Without a key, a row of its own.
   */
  entryKey?: string;
}

export interface BatchDebitOutcome {
  /** The month's charged volume of the service the amount was priced at. */
  volume: number;
  amountMicros: bigint;
  /** The ledger row that holds this debit; null when nothing was charged. */
  entryId: string | null;
}

/**
 * Every cent moves here, atomically and idempotently: charge, credit, and reserve -> settle ->
 * release for bulk work. The balance always equals the sum of the ledger and never goes below zero.
 * Built once by the composition root (services.ts) and handed to every feature that moves money.
 */
export function billingService(db: Db, notices: Pick<NoticeService, "notify">) {
  const repo = billingRepo(db);
  const spends = keySpendRepo();

  /**
   * Inside the movement's transaction: a notice and a balance.low webhook event, once, for each
   * account whose low-balance flag was just set.
   */
  async function announceLowBalance(tx: Tx, flips: LowBalanceFlip[]): Promise<string[]> {
    const alerted: string[] = [];
    for (const flip of flips) {
      if (!flip.alerted) continue;
      alerted.push(flip.tenant_id);
      const params = {
        balanceMicros: flip.balance_micros,
        thresholdMicros: flip.threshold_micros,
        currency: flip.currency,
      };
      await notices.notify({ tenantId: flip.tenant_id, type: "low_balance", params }, tx);
      await enqueueWebhookEvent(tx, flip.tenant_id, "balance.low", params);
    }
    return alerted;
  }

  /**
   * Told, once committed, of the organisations whose low-balance flag a movement set: the
   * automatic top-up's sweeper wakes on them (docs/operations.md, "Automatic top-up").
   */
  const lowBalanceListeners = new Set<(tenantIds: string[]) => void>();
  const afterLowBalance = (tenantIds: string[]) => {
    if (tenantIds.length > 0) for (const listener of lowBalanceListeners) listener(tenantIds);
  };

  /**
   * Inside the charge's transaction: a notice and an api_key.spend_limit.warning or .reached event
   * for each key counter whose flag was just set (key-spend-repo.ts, flips): once per key, period
   * and threshold.
   */
  async function announceSpend(tx: Tx, keyIds: string[], refused: string[], period: SpendPeriod) {
    if (keyIds.length === 0) return;
    for (const flip of await spends.flips(tx, keyIds, refused, period)) await announceFlip(tx, flip);
  }

  async function announceFlip(tx: Tx, flip: SpendFlip) {
    const params = {
      keyId: flip.key_id,
      keyName: flip.key_name,
      period: flip.period,
      spentMicros: flip.spent_micros,
      limitMicros: flip.limit_micros,
      currency: flip.currency,
    };
    if (flip.warned) {
      await notices.notify({ tenantId: flip.tenant_id, type: "api_key_spend_warning", params }, tx);
      await enqueueWebhookEvent(tx, flip.tenant_id, "api_key.spend_limit.warning", params);
    }
    if (flip.reached) {
      await notices.notify({ tenantId: flip.tenant_id, type: "api_key_spend_reached", params }, tx);
      await enqueueWebhookEvent(tx, flip.tenant_id, "api_key.spend_limit.reached", params);
    }
  }

  /**
   * A debit made with a key, inside its transaction (the account is locked): refused with the
   * key's 402 when it would take the key's spend past a limit, else counted, and the thresholds
   * it crosses announced. A job's hold counts in full when it is taken (docs/api.md, "Spend limits").
   */
  async function spendOnKey(tx: Tx, tenantId: string, keyId: string, amount: bigint) {
    const period = spendPeriodOf(new Date());
    const budget = (await spends.budgets(tx, [tenantId], [keyId], period)).get(keyId);
    if (!budget) return;
    const over = overLimit(budget, amount);
    if (over) {
      const account = await repo.account(tenantId, tx);
      throw spendLimitReached(over.period, over.limit, over.spent, account?.currency ?? "USD");
    }
    await spends.add(tx, [{ keyId, tenantId, amount }], period);
    await announceSpend(tx, [keyId], [], period);
  }

  /** After a movement: the low-balance flag follows the new balance, announced when it is set. */
  const watchLowBalance = async (tx: Tx, tenantIds: string[]) =>
    announceLowBalance(tx, await repo.lowBalanceFlips(tx, tenantIds));

  async function post(movement: Movement): Promise<Posted> {
    if (movement.amountMicros <= 0n) throw new AppError("badRequest");
    const signed = CREDIT_TYPES.has(movement.tradeType) ? movement.amountMicros : -movement.amountMicros;
    const requestHash = movement.idempotencyKey ? hashRequest(movement.request ?? movement) : null;
    if (movement.idempotencyKey) {
      const earlier = await replay(movement.tenantId, movement.idempotencyKey, requestHash!);
      if (earlier) return earlier;
    }
    const values: EntryValues = {
      tenantId: movement.tenantId,
      tradeType: movement.tradeType,
      amountMicros: signed,
      service: movement.service ?? null,
      quantity: movement.quantity ?? null,
      referenceType: movement.reference?.type ?? null,
      referenceId: movement.reference?.id ?? null,
      idempotencyKey: movement.idempotencyKey ?? null,
      requestHash,
      actorType: movement.actor.type,
      actorId: movement.actor.id ?? null,
      ...noteColumns(movement.note),
    };
    let alerted: string[] = [];
    try {
      const entry = await db.transaction(async (tx) => {
        await repo.ensureAccount(tx, movement.tenantId);
        // An amount past the ceiling on its own is refused (a debit as not covered: no balance
        // holds it) before any sum could overflow bigint.
        const balance =
          movement.amountMicros > BALANCE_MAX_MICROS
            ? null
            : await repo.moveBalance(tx, movement.tenantId, signed, BALANCE_MAX_MICROS);
        if (balance === null && signed > 0n) throw await balanceCeiling(tx, movement.tenantId);
        if (balance === null) throw await insufficient(tx, movement.tenantId, movement.amountMicros);
        const keyId = signed < 0n ? keyOf(movement.actor) : null;
        if (keyId) await spendOnKey(tx, movement.tenantId, keyId, movement.amountMicros);
        alerted = await watchLowBalance(tx, [movement.tenantId]);
        const row = await repo.insertEntry(tx, values, balance);
        if (BULK_TYPES.has(movement.tradeType)) {
          await repo.insertReservation(tx, {
            tenantId: movement.tenantId,
            reservedMicros: movement.amountMicros,
            chargeEntryId: row.id,
          });
        }
        await movement.alongside?.(tx, row);
        return row;
      });
      afterLowBalance(alerted);
      return { entry, replayed: false };
    } catch (error) {
      // Two requests with one key at once: the unique index let one through; answer as it did.
      if (movement.idempotencyKey && isUniqueViolation(error)) {
        const earlier = await replay(movement.tenantId, movement.idempotencyKey, requestHash!);
        if (earlier) return earlier;
      }
      throw error;
    }
  }

  async function replay(tenantId: string, key: string, requestHash: string): Promise<Posted | null> {
    const earlier = await repo.byIdempotencyKey(tenantId, key);
    if (!earlier) return null;
    if (earlier.requestHash !== requestHash) throw new AppError("idempotencyConflict");
    return { entry: earlier, replayed: true };
  }

  /** The 400 for a credit that would take the balance past BALANCE_MAX_MICROS. */
  async function balanceCeiling(tx: Tx, tenantId: string): Promise<AppError> {
    const account = await repo.account(tenantId, tx);
    const currency = account?.currency ?? "USD";
    return new AppError(
      "balanceCeiling",
      { maxMicros: BALANCE_MAX_MICROS.toString(), currency },
      { max: moneyParam(BALANCE_MAX_MICROS, currency) },
    );
  }

  async function insufficient(tx: Tx, tenantId: string, amount: bigint): Promise<AppError> {
    const account = await repo.account(tenantId, tx);
    return insufficientBalance(amount, account?.balanceMicros ?? 0n, account?.currency ?? "USD");
  }

  /**
   * The balance and month's volumes of each organisation as this process last met them when it
   * wrote a charge: what its next batch is priced at without reading them (see chargeBatch).
   */
  const known = new Map<string, KnownAccount>();
  /** Past this many organisations the memory starts again. */
  const MAX_KNOWN = 10_000;

  /**
   * Many debits, in order: per debit price it at the month's volume reached so far and take it if
   * the balance still covers it (else that debit alone gets the 402), then write the balances, the
   * ledger rows and the volumes with what the debits pay for, in one statement. A debit without an
   * entry key gets the row charge() would write; debits sharing a key share one row.
   *
   * Two ways, one result (docs/architecture.md, "A check costs one row"). When this process has
   * charged every organisation of the batch this month, the batch is priced at the balances and
   * volumes it last met and written in one round trip: a statement that locks the accounts, takes
   * the batch's total from whatever balance it finds (the accounts' check refuses a balance that
   * does not cover it), chains the ledger rows from there, and is refused (NC409, nothing written)
   * unless the month's volume it finds keeps every debit in the price band it was priced in and no
   * low-balance flag is set. So another process's charges cost nothing. Otherwise, or when
   * refused, or when a debit is refused, the locked way: lock the accounts and read the volumes in
   * the transaction, price, write.
   */
  async function chargeBatch(
    debits: BatchDebit[],
    /**
     * What the debits pay for, given their outcomes, as common table expressions written in the
     * same statement as the charges (or alone when nothing is charged); null writes nothing. It
     * may be called twice (the quick way refused, then the locked way): the last call counts.
     */
    alongside: (outcomes: (BatchDebitOutcome | AppError)[]) => SQL | null = () => null,
  ): Promise<(BatchDebitOutcome | AppError)[]> {
    const tenantIds = [...new Set(debits.map((d) => d.tenantId))].sort();
    const now = new Date();
    const month = monthStartUtc(now).toISOString().slice(0, 10);
    const period = spendPeriodOf(now);
    const keyIds = [...new Set(debits.map((d) => keyOf(d.actor)).filter((k) => k !== null))];
    const remembered = tenantIds.map((id) => known.get(id));
    if (
      remembered.every((a) => a?.month === month) &&
      !keyIds.some((k) => exhaustedKeys.has(`${k} ${period.day}`))
    ) {
      const batch = priceBatch(debits, new Map(tenantIds.map((id, i) => [id, remembered[i]!])));
      const also = alongside(batch.outcomes);
      const refused = batch.outcomes.some((o) => o instanceof AppError);
      if (!refused && batch.entries.length === 0) {
        // Nothing charged, nothing refused: no money moves, the checks are written alone.
        if (also) await db.execute(sql`with ${also} select 1`);
        return batch.outcomes;
      }
      if (!refused && batch.guard) {
        try {
          const written = await repo.writeDebitsGuarded(
            batch.deltas,
            batch.entries.map((e) => ({
              ...e,
              balanceAfter: e.balanceAfter - batch.accounts.get(e.tenantId)!.balance,
            })),
            also ?? undefined,
            { month, tenantIds: [...batch.deltas.keys()].sort(), volumes: batch.guard },
            { keys: batch.spends, period },
          );
          for (const [id, balance] of written.balances) batch.accounts.get(id)!.balance = balance;
          for (const v of written.volumes) batch.accounts.get(v.tenantId)?.volumes.set(v.service, v.quantity);
          remember(batch.accounts);
          return batch.outcomes;
        } catch (error) {
          if (!isStaleCharge(error)) throw error;
        }
      }
    }
    let alerted: string[] = [];
    const outcomes = await db.transaction(async (tx) => {
      let locked = await repo.lockForDebits(tx, tenantIds, month);
      if (locked.length < tenantIds.length) {
        await repo.ensureAccounts(tx, tenantIds);
        locked = await repo.lockForDebits(tx, tenantIds, month);
      }
      // Read after the accounts' locks, as the volumes are: every charge of a key takes them first.
      const budgets = keyIds.length > 0 ? await spends.budgets(tx, tenantIds, keyIds, period) : undefined;
      const batch = priceBatch(
        debits,
        new Map(
          locked.map((a) => [
            a.tenant_id,
            {
              balance: BigInt(a.balance_micros),
              currency: a.currency,
              month,
              volumes: new Map(Object.entries(a.volumes).map(([service, q]) => [service, Number(q)])),
            },
          ]),
        ),
        budgets,
      );
      const also = alongside(batch.outcomes);
      if (batch.entries.length > 0)
        alerted = await announceLowBalance(
          tx,
          await repo.writeDebits(tx, batch.deltas, batch.entries, also ?? undefined, {
            keys: batch.spends,
            period,
          }),
        );
      else if (also) await tx.execute(sql`with ${also} select 1`);
      await settleKeys(tx, batch, keyIds, period);
      remember(batch.accounts);
      return batch.outcomes;
    });
    afterLowBalance(alerted);
    return outcomes;
  }

  /**
   * Keys whose checks the locked way refused at a limit today: their next batches go the locked
   * way at once rather than being refused by the quick statement first.
   */
  const exhaustedKeys = new Set<string>();

  /**
   * After the locked way priced a batch made with keys: the counters of keys refused at a limit
   * exist (so their limit is announced even when nothing was charged), the thresholds crossed are
   * announced, and which keys are spent out is remembered.
   */
  async function settleKeys(
    tx: Tx,
    batch: { refusedKeys: Map<string, { tenantId: string; period: "day" | "month" }> },
    keyIds: string[],
    period: SpendPeriod,
  ) {
    if (keyIds.length === 0) return;
    const refused = [...batch.refusedKeys];
    if (refused.length > 0)
      await spends.add(
        tx,
        refused.map(([keyId, r]) => ({ keyId, tenantId: r.tenantId, amount: 0n })),
        period,
      );
    await announceSpend(
      tx,
      keyIds,
      refused.map(([keyId, r]) => `${keyId} ${r.period}`),
      period,
    );
    if (exhaustedKeys.size > MAX_KNOWN) exhaustedKeys.clear();
    for (const keyId of keyIds) {
      if (batch.refusedKeys.has(keyId)) exhaustedKeys.add(`${keyId} ${period.day}`);
      else exhaustedKeys.delete(`${keyId} ${period.day}`);
    }
  }

  /** After a batch is written: its organisations' balances and volumes as it left them. */
  function remember(accounts: Map<string, KnownAccount>) {
    if (known.size + accounts.size > MAX_KNOWN) known.clear();
    for (const [id, account] of accounts) known.set(id, account);
  }

  return {
    /** Listens for low-balance crossings after their commit; answers how to stop listening. */
    onLowBalance(listener: (tenantIds: string[]) => void): () => void {
      lowBalanceListeners.add(listener);
      return () => lowBalanceListeners.delete(listener);
    },
    /** A single check or any other debit (trade types 1, 3, 5-9). */
    charge: (m: Movement) => post(m),
    chargeBatch,
    /** Recharge, operator add, refund (trade types 4, 2, 10). */
    credit: (m: Movement) => post(m),

    /** Holds the estimate of a bulk job (trade type 11 web, 12 API) as one charge row. */
    async reserve(
      m: Movement,
    ): Promise<{ reservation: ReservationRow; entry: LedgerRow; replayed: boolean }> {
      if (!BULK_TYPES.has(m.tradeType)) throw new AppError("badRequest");
      const posted = await post(m);
      const reservation = await repo.reservationByCharge(posted.entry.id);
      return { reservation: reservation!, ...posted };
    },

    /** Records what a chunk of work used out of the hold; in the caller's transaction when given one. */
    async settle(
      tenantId: string,
      reservationId: string,
      amountMicros: bigint,
      runner: Runner = db,
    ): Promise<ReservationRow> {
      if (amountMicros < 0n) throw new AppError("badRequest");
      const row = await repo.settle(tenantId, reservationId, amountMicros, runner);
      if (!row) throw new AppError("reservationClosed");
      return row;
    },

    /** Gives back what the hold did not use, as one refund row (trade type 10); once. */
    async release(
      tenantId: string,
      reservationId: string,
      actor: Actor,
      note?: LedgerNote,
    ): Promise<LedgerRow | null> {
      return db.transaction(async (tx) => {
        const unused = await repo.close(tx, tenantId, reservationId);
        if (unused === null || unused === 0n) return null;
        const balance = await repo.moveBalance(tx, tenantId, unused);
        await watchLowBalance(tx, [tenantId]);
        return repo.insertEntry(
          tx,
          {
            tenantId,
            tradeType: TRADE_TYPES.refund,
            amountMicros: unused,
            referenceType: "reservation",
            referenceId: reservationId,
            actorType: actor.type,
            actorId: actor.id ?? null,
            ...noteColumns(note),
          },
          balance!,
        );
      });
    },

    async balance(tenantId: string): Promise<{ balanceMicros: bigint; currency: string }> {
      await repo.ensureAccount(db, tenantId);
      const account = await repo.account(tenantId);
      return { balanceMicros: account!.balanceMicros, currency: account!.currency };
    },

    /** The invariant an operator can check at any time: balance = sum of the ledger, >= 0. */
    async verify(tenantId: string) {
      const { balanceMicros } = await this.balance(tenantId);
      const ledgerSum = await repo.ledgerSum(tenantId);
      return { balanceMicros, ledgerSum, ok: balanceMicros === ledgerSum && balanceMicros >= 0n };
    },
  };
}

export type BillingService = ReturnType<typeof billingService>;

/** Above any month's volume: a band's open end. */
export const MAX_VOLUME = Number.MAX_SAFE_INTEGER;

/** An organisation's balance and month's volumes per service, as a batch is priced at them. */
interface KnownAccount {
  balance: bigint;
  currency: string;
  /** The month (YYYY-MM-01) the volumes count. */
  month: string;
  volumes: Map<string, number>;
}

/**
 * Prices a batch of debits in order at the given balances and volumes (copied, not changed): each
 * at the month's volume reached by the debits before it, refused alone when the balance no longer
 * covers it. Returns each debit's outcome, the ledger rows (debits sharing an entry key share one,
 * each row's balance after chaining from the balance before the batch), each account's total, the
 * balances and volumes after the batch, and the volumes it moved.
 */
function priceBatch(
  debits: BatchDebit[],
  before: Map<string, KnownAccount>,
  /** The keys' limits and spend, read under the lock; without them no key limit is checked here. */
  budgets?: Map<string, KeyBudget>,
) {
  const accounts = new Map<string, KnownAccount>(
    [...before].map(([id, a]) => [id, { ...a, volumes: new Map(a.volumes) }]),
  );
  const keys = new Map([...(budgets ?? [])].map(([id, b]) => [id, { ...b }]));
  const spends = new Map<string, KeySpend>();
  const refusedKeys = new Map<string, { tenantId: string; period: "day" | "month" }>();
  /**
   * Per organisation's service: the volume the batch starts from, what it adds, and the range of
   * starting volumes at which each of its debits keeps its amount (the intersection of their
   * bands, shifted by the volume before each); null when a debit does not say its band.
   */
  const ranges = new Map<
    string,
    { tenantId: string; service: string; start: number; moved: number; from: number; to: number } | null
  >();
  const deltas = new Map<string, bigint>();
  const entries = new Map<string, EntryValues & { id: string; quantity: number; balanceAfter: bigint }>();
  const outcomes = debits.map((debit, i): BatchDebitOutcome | AppError => {
    const account = accounts.get(debit.tenantId)!;
    const volume = account.volumes.get(debit.service) ?? 0;
    const amount = debit.amountAt(volume);
    if (amount < 0n) throw new AppError("badRequest");
    const rangeKey = `${debit.tenantId} ${debit.service}`;
    let range = ranges.get(rangeKey);
    if (range === undefined) {
      range = {
        tenantId: debit.tenantId,
        service: debit.service,
        start: volume,
        moved: 0,
        from: 0,
        to: MAX_VOLUME,
      };
      ranges.set(rangeKey, range);
    }
    if (range !== null) {
      const band = debit.sameAmountWithin?.(volume);
      if (band) {
        range.from = Math.max(range.from, band[0] - (volume - range.start));
        range.to = Math.min(range.to, band[1] - (volume - range.start));
      } else ranges.set(rangeKey, null);
    }
    if (amount === 0n) return { volume, amountMicros: 0n, entryId: null };
    const keyId = keyOf(debit.actor);
    const budget = keyId ? keys.get(keyId) : undefined;
    const over = budget ? overLimit(budget, amount) : null;
    if (over) {
      if (!refusedKeys.has(keyId!))
        refusedKeys.set(keyId!, { tenantId: debit.tenantId, period: over.period });
      return spendLimitReached(over.period, over.limit, over.spent, account.currency);
    }
    if (account.balance < amount) return insufficientBalance(amount, account.balance, account.currency);
    account.balance -= amount;
    if (keyId) {
      if (budget) {
        budget.spentDay += amount;
        budget.spentMonth += amount;
      }
      const spend = spends.get(keyId);
      if (spend) spend.amount += amount;
      else spends.set(keyId, { keyId, tenantId: debit.tenantId, amount });
    }
    account.volumes.set(debit.service, volume + debit.quantity);
    if (range) range.moved += debit.quantity;
    deltas.set(debit.tenantId, (deltas.get(debit.tenantId) ?? 0n) - amount);
    const key = debit.entryKey ?? `#${i}`;
    const shared = entries.get(key);
    if (shared) {
      shared.amountMicros -= amount;
      shared.quantity += debit.quantity;
      return { volume, amountMicros: amount, entryId: shared.id };
    }
    const id = uuidv7();
    entries.set(key, {
      id,
      tenantId: debit.tenantId,
      tradeType: debit.tradeType,
      amountMicros: -amount,
      service: debit.service,
      quantity: debit.quantity,
      referenceType: debit.reference?.type ?? null,
      referenceId: debit.reference?.id ?? null,
      idempotencyKey: debit.idempotencyKey ?? null,
      requestHash: debit.idempotencyKey ? hashRequest(debit.request ?? null) : null,
      actorType: debit.actor.type,
      actorId: debit.actor.id ?? null,
      note: null,
      balanceAfter: 0n,
    });
    return { volume, amountMicros: amount, entryId: id };
  });
  // Each account's rows in the order they were opened, each balance after it counting its whole
  // amount: the running balances chain from the balance before to the balance after the batch.
  const running = new Map([...before].map(([id, a]) => [id, a.balance]));
  for (const entry of entries.values()) {
    const after = running.get(entry.tenantId)! + entry.amountMicros;
    running.set(entry.tenantId, after);
    entry.balanceAfter = after;
  }
  // The guard of a write without the lock: every service's range, each one that must hold
  // checked on the volume the write adds to (one it does not add to cannot be checked there).
  const all = [...ranges.values()];
  const guard = all.every((r) => r !== null && (r.moved > 0 || (r.from <= 0 && r.to >= MAX_VOLUME)))
    ? all.flatMap((r) => (r!.moved > 0 ? [r!] : []))
    : null;
  return {
    outcomes,
    entries: [...entries.values()],
    deltas,
    accounts,
    guard,
    spends: [...spends.values()],
    refusedKeys,
  };
}

/** The first of a key's limits that `amount` more would pass, with what the key spent in it. */
function overLimit(
  budget: KeyBudget,
  amount: bigint,
): { period: "day" | "month"; limit: bigint; spent: bigint } | null {
  if (budget.dailyLimit !== null && budget.spentDay + amount > budget.dailyLimit)
    return { period: "day", limit: budget.dailyLimit, spent: budget.spentDay };
  if (budget.monthlyLimit !== null && budget.spentMonth + amount > budget.monthlyLimit)
    return { period: "month", limit: budget.monthlyLimit, spent: budget.spentMonth };
  return null;
}
