import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { sql } from "drizzle-orm";
import type { Runner } from "../../src/core/db";
import { queryRows } from "../../src/db/query";

export interface MoneyCheck {
  /** Single checks stored. */
  checks: number;
  /** Of them, those naming a ledger row. */
  charged: number;
  /** Ledger rows of API checks. */
  rows: number;
  /** Ledger rows whose quantity or amount differs from the checks naming them (or no check names). */
  rowsOff: number;
  /** Accounts whose balance differs from the sum of their ledger. */
  balancesOff: number;
  /** Debit rows whose balance after is not the balance before them (the next higher) plus their amount. */
  unchained: number;
  exact: boolean;
}

/**
 * Correct with money after load (docs/architecture.md, "A check costs one row"): every stored API
 * check names a ledger row, each ledger row covers exactly the checks that name it (their count its
 * quantity, their costs its amount), each balance equals the sum of its ledger, and the debits
 * chain their balances after. The chain is read in the order the balance went down, so it holds
 * only for organisations whose only credit is their opening one, as a benchmark's or a test's.
 */
export async function moneyCheck(db: Runner, tenantIds: string[]): Promise<MoneyCheck> {
  const tenants = sql`${sql.param(tenantIds)}::uuid[]`;
  const [money] = await queryRows<Omit<MoneyCheck, "exact">>(
    db,
    sql`with rows as (
          select l.id, l.quantity, -l.amount_micros as amount from ledger_entries l
          where l.tenant_id = any(${tenants}) and l.trade_type = ${TRADE_TYPES.checkNumberApi}
        ), covered as (
          select i.ledger_entry_id as id, count(*)::int as n, sum(i.cost_micros) as amount
          from detection_items i join detection_jobs j on j.id = i.job_id
          where j.tenant_id = any(${tenants}) and i.single and i.ledger_entry_id is not null
          group by 1
        ), chain as (
          select l.amount_micros, l.balance_after_micros,
            lag(l.balance_after_micros) over (partition by l.tenant_id
              order by l.balance_after_micros desc, l.amount_micros desc) as before
          from ledger_entries l where l.tenant_id = any(${tenants})
        )
        select
          (select count(*)::int from detection_items i join detection_jobs j on j.id = i.job_id
            where j.tenant_id = any(${tenants}) and i.single) as checks,
          (select coalesce(sum(n), 0)::int from covered) as charged,
          (select count(*)::int from rows) as rows,
          (select count(*)::int from rows r full join covered c on c.id = r.id
            where r.id is null or c.id is null or r.quantity <> c.n or r.amount <> c.amount) as "rowsOff",
          (select count(*)::int from accounts a where a.tenant_id = any(${tenants})
             and a.balance_micros <> (select coalesce(sum(amount_micros), 0) from ledger_entries l
                                      where l.tenant_id = a.tenant_id)) as "balancesOff",
          (select count(*)::int from chain where before is not null and amount_micros < 0
             and before + amount_micros <> balance_after_micros) as unchained`,
  );
  const m = money!;
  return {
    ...m,
    exact: m.charged === m.checks && m.rowsOff === 0 && m.balancesOff === 0 && m.unchained === 0,
  };
}
