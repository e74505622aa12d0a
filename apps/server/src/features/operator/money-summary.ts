import type { MoneySummaryDay, MoneySummaryQuery } from "@nc/contracts/operator";
import { TRADE_TYPES, WELCOME_CREDIT_REFERENCE } from "@nc/contracts/trade-types";
import { sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import type { OperatorContext } from "../../core/request-context";
import { queryRows } from "../../db/query";
import { SPENDING_TYPES, spendingService } from "../account/index";
import { partnerLimit } from "./operator-service";

interface SummaryRow {
  day: string;
  currency: string;
  kind: "recharge" | "spend" | "refund" | "welcome" | "added" | "subtracted";
  service: string;
  micros: string;
}

/**
 * The money that moved per day (UTC) and currency, across the organisations an operator reaches
 * (docs/operations.md, "The operator console"): one grouped statement over the ledger's
 * (tenant, time) index; amounts are magnitudes. Welcome credits are credits of trade type 2 like
 * an operator's addition, told apart by their reference: a line of their own.
 */
export async function moneySummary(
  db: Db,
  operator: OperatorContext,
  query: MoneySummaryQuery,
): Promise<MoneySummaryDay[]> {
  const limit = partnerLimit(operator);
  const partner = query.partnerId ?? limit;
  // A partner operator asking for another partner gets nothing, as for any id out of reach.
  if (limit !== null && query.partnerId && query.partnerId !== limit) return [];
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select to_char(l.created_at at time zone 'UTC', 'YYYY-MM-DD') as day, a.currency,
          case when l.trade_type = ${TRADE_TYPES.recharge} then 'recharge'
               when l.trade_type = ${TRADE_TYPES.refund} then 'refund'
               when l.trade_type = ${TRADE_TYPES.add} and l.reference_type = ${WELCOME_CREDIT_REFERENCE} then 'welcome'
               when l.trade_type = ${TRADE_TYPES.add} then 'added'
               when l.trade_type = ${TRADE_TYPES.sub} then 'subtracted'
               else 'spend' end as kind,
          case when l.trade_type in (${sql.raw(SPENDING_TYPES.join(","))}) then ${spendingService("l")} else '' end as service,
          sum(abs(l.amount_micros))::text as micros
        from ledger_entries l join tenants t on t.id = l.tenant_id join accounts a on a.tenant_id = l.tenant_id
        where l.created_at >= (${query.from}::date::timestamp at time zone 'UTC')
          and l.created_at < ((${query.to}::date + 1)::timestamp at time zone 'UTC')
          and ${partner === null ? sql`true` : sql`t.partner_id = ${partner}`}
          and l.trade_type in (${sql.raw([TRADE_TYPES.recharge, TRADE_TYPES.refund, TRADE_TYPES.add, TRADE_TYPES.sub, ...SPENDING_TYPES].join(","))})
        group by 1, 2, 3, 4
        order by 1, 2`,
  );
  const days = new Map<string, MoneySummaryDay>();
  for (const row of rows) {
    const key = `${row.day}|${row.currency}`;
    const day = days.get(key) ?? {
      day: row.day,
      currency: row.currency,
      recharges: "0",
      spend: {},
      refunds: "0",
      welcome: "0",
      added: "0",
      subtracted: "0",
    };
    if (row.kind === "spend") day.spend[row.service] = row.micros;
    else if (row.kind === "recharge") day.recharges = row.micros;
    else if (row.kind === "refund") day.refunds = row.micros;
    else day[row.kind] = row.micros;
    days.set(key, day);
  }
  return [...days.values()];
}
