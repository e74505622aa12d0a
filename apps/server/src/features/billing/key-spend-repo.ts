import { type SQL, sql } from "drizzle-orm";
import type { Runner } from "../../core/db";
import { queryRows, queryRowsPrepared } from "../../db/query";

/**
 * The SQL of API keys' spend limits (docs/architecture.md, "Several processes, one balance"):
 * each charge made with a key raises the key's counter rows for the UTC day and month
 * (`api_key_spend`) in the charge's own statement or transaction, always under the lock of the
 * organisation's account, which every charge takes first, so one key's counters move one charge
 * at a time.
 */

/** The UTC day and month (YYYY-MM-DD, the month's first day) a charge counts in. */
export interface SpendPeriod {
  day: string;
  month: string;
}

export const spendPeriodOf = (at: Date): SpendPeriod => {
  const day = at.toISOString().slice(0, 10);
  return { day, month: `${day.slice(0, 8)}01` };
};

/** What each key of a batch spends in it (micros, positive). */
export interface KeySpend {
  keyId: string;
  tenantId: string;
  amount: bigint;
}

/** A key's limits and what it spent in the current day and month, read under the account's lock. */
export interface KeyBudget {
  dailyLimit: bigint | null;
  monthlyLimit: bigint | null;
  spentDay: bigint;
  spentMonth: bigint;
}

/** A key's counter whose warning (80 %) or limit (100 %) was just announced: once per period. */
export interface SpendFlip {
  key_id: string;
  tenant_id: string;
  key_name: string;
  period: "day" | "month";
  spent_micros: string;
  limit_micros: string;
  currency: string;
  warned: boolean;
  reached: boolean;
}

// The limit of a counter row `s` of key `k`.
const LIMIT = sql.raw(`case s.period when 'day' then k.daily_limit_micros else k.monthly_limit_micros end`);

/**
 * The common table expression `spend`: adds each key's amount to its counters of the day and the
 * month (an upsert, which works on the row as it is now) and returns them with the amount moved.
 */
export function spendUpsert(spends: KeySpend[], period: SpendPeriod): SQL {
  return sql`spend as (
      insert into api_key_spend (key_id, tenant_id, period, period_start, spent_micros)
      select s.key_id, s.tenant_id, p.period, p.start, s.amount
      from unnest(${sql.param(spends.map((s) => s.keyId))}::uuid[], ${sql.param(spends.map((s) => s.tenantId))}::uuid[],
                  ${sql.param(spends.map((s) => s.amount.toString()))}::bigint[]) as s(key_id, tenant_id, amount)
      cross join (values ('day', ${period.day}::date), ('month', ${period.month}::date)) as p(period, start)
      on conflict (key_id, period, period_start) do update
        set spent_micros = api_key_spend.spent_micros + excluded.spent_micros
      returning key_id, period, spent_micros, warned
    )`;
}

/**
 * The guard's condition on the counters: no counter of a key with a limit reaches it, or passes
 * 80 % of it without the warning having been sent. Either goes the locked way, which refuses the
 * checks past the limit and announces the thresholds once.
 */
export const spendWithinLimits = sql`not exists (
      select 1 from spend s join api_keys k on k.id = s.key_id
      where ${LIMIT} is not null
        and (s.spent_micros >= ${LIMIT} or (not s.warned and s.spent_micros::numeric * 5 >= ${LIMIT}::numeric * 4)))`;

export function keySpendRepo() {
  return {
    /** Each key's limits and its spend in the period (keys of these organisations only). */
    async budgets(
      tx: Runner,
      tenantIds: string[],
      keyIds: string[],
      period: SpendPeriod,
    ): Promise<Map<string, KeyBudget>> {
      const rows = await queryRowsPrepared<{
        id: string;
        daily: string | null;
        monthly: string | null;
        spent_day: string | null;
        spent_month: string | null;
      }>(
        tx,
        sql`select k.id, k.daily_limit_micros::text as daily, k.monthly_limit_micros::text as monthly,
              d.spent_micros::text as spent_day, m.spent_micros::text as spent_month
            from api_keys k
            left join api_key_spend d on d.key_id = k.id and d.period = 'day' and d.period_start = ${period.day}::date
            left join api_key_spend m on m.key_id = k.id and m.period = 'month' and m.period_start = ${period.month}::date
            where k.id = any(${sql.param(keyIds)}::uuid[]) and k.tenant_id = any(${sql.param(tenantIds)}::uuid[])`,
      );
      return new Map(
        rows.map((r) => [
          r.id,
          {
            dailyLimit: r.daily === null ? null : BigInt(r.daily),
            monthlyLimit: r.monthly === null ? null : BigInt(r.monthly),
            spentDay: BigInt(r.spent_day ?? "0"),
            spentMonth: BigInt(r.spent_month ?? "0"),
          },
        ]),
      );
    },

    /** Raises the keys' counters inside a transaction that holds the accounts' locks. */
    async add(tx: Runner, spends: KeySpend[], period: SpendPeriod): Promise<void> {
      await tx.execute(sql`with ${spendUpsert(spends, period)} select 1`);
    },

    /**
     * Sets the warning and limit flags of the keys' counters in the period that just crossed them
     * (or whose checks were refused at the limit: `refused` holds "<key id> <day|month>") and
     * answers those flipped:
     * each flag goes from clear to set once, under the row's lock, so its notice and event go out
     * once per key, period and threshold.
     */
    flips: (tx: Runner, keyIds: string[], refused: string[], period: SpendPeriod) =>
      queryRows<SpendFlip>(
        tx,
        sql`update api_key_spend s set warned = s.warned or c.warn, reached = s.reached or c.reach
            from (
              select s.key_id, s.period, s.period_start, k.name, ${LIMIT} as lim,
                not s.warned and s.spent_micros::numeric * 5 >= ${LIMIT}::numeric * 4 as warn,
                not s.reached and (s.spent_micros >= ${LIMIT}
                  or (s.key_id::text || ' ' || s.period) = any(${sql.param(refused)}::text[])) as reach
              from api_key_spend s join api_keys k on k.id = s.key_id
              where s.key_id = any(${sql.param(keyIds)}::uuid[]) and ${LIMIT} is not null
                and ((s.period = 'day' and s.period_start = ${period.day}::date)
                  or (s.period = 'month' and s.period_start = ${period.month}::date))
            ) c
            where s.key_id = c.key_id and s.period = c.period and s.period_start = c.period_start and (c.warn or c.reach)
            returning s.key_id, s.tenant_id, c.name as key_name, s.period, s.spent_micros::text as spent_micros,
              c.lim::text as limit_micros, c.warn as warned, c.reach as reached,
              (select currency from accounts a where a.tenant_id = s.tenant_id) as currency`,
      ),
  };
}
