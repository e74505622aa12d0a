import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Runner } from "../../core/db";
import { queryRows } from "../../db/query";
import { billingDetails } from "../../db/schema/index";
import { SPENDING_SUM, SPENDING_TYPES, spendingService } from "../account/index";

export type BillingDetailsRow = typeof billingDetails.$inferSelect;
export type BillingDetailsValues = Omit<BillingDetailsRow, "tenantId" | "updatedBy" | "updatedAt">;

/** Who a document is for and from: the organisation, its account's currency and its partner's brand. */
export interface DocumentParty {
  tenant_name: string;
  timezone_code: string;
  currency: string;
  brand_name: string;
  brand_email: string;
}

export interface PaidOrderRow extends DocumentParty {
  id: string;
  reference: string;
  method: string;
  credited_micros: string;
  paid_at: Date;
}

export interface StatementRow {
  opening_micros: string;
  closing_micros: string;
  top_up_micros: string;
  adjustment_micros: string;
}

/** The first instant of a month (YYYY-MM) and of the next one, in a time zone, as SQL. */
const monthBounds = (month: string, timeZone: string) => ({
  from: sql`(${`${month}-01`}::date::timestamp at time zone ${timeZone})`,
  to: sql`((${`${month}-01`}::date + interval '1 month')::timestamp at time zone ${timeZone})`,
});

/** The SQL of billing details, receipts and statements; every method takes the organisation id. */
export function invoiceRepo(db: Db) {
  const party = sql`t.name as tenant_name, t.timezone_code, a.currency, p.name as brand_name, p.email as brand_email`;
  const partyJoins = sql`join accounts a on a.tenant_id = t.id join partners p on p.id = t.partner_id`;

  return {
    async details(tenantId: string, runner: Runner = db): Promise<BillingDetailsRow | undefined> {
      const [row] = await runner.select().from(billingDetails).where(eq(billingDetails.tenantId, tenantId));
      return row;
    },

    /** One row per organisation: the first save inserts it, later ones replace it. */
    async saveDetails(tenantId: string, values: BillingDetailsValues, userId: string, runner: Runner = db) {
      const row = { ...values, tenantId, updatedBy: userId, updatedAt: new Date() };
      const [saved] = await runner
        .insert(billingDetails)
        .values(row)
        .onConflictDoUpdate({ target: billingDetails.tenantId, set: row })
        .returning();
      return saved!;
    },

    async party(tenantId: string): Promise<DocumentParty | undefined> {
      const [row] = await queryRows<DocumentParty>(
        db,
        sql`select ${party} from tenants t ${partyJoins} where t.id = ${tenantId}`,
      );
      return row;
    },

    /** A credited recharge order of the organisation, with what was credited; none when unpaid. */
    async paidOrder(tenantId: string, orderId: string): Promise<PaidOrderRow | undefined> {
      const [row] = await queryRows<PaidOrderRow>(
        db,
        sql`select o.id, o.reference, o.method, coalesce(o.received_micros, o.amount_micros)::text as credited_micros,
                   o.paid_at, ${party}
            from recharge_orders o join tenants t on t.id = o.tenant_id ${partyJoins}
            where o.tenant_id = ${tenantId} and o.id = ${orderId} and o.status = 'paid' and o.paid_at is not null`,
      );
      return row && { ...row, paid_at: new Date(row.paid_at) };
    },

    /** The organisation's credited top-ups, newest first. */
    paidOrders: (tenantId: string, limit: number) =>
      queryRows<{ id: string; paid_at: string; credited_micros: string; currency: string; method: string }>(
        db,
        sql`select id, paid_at, coalesce(received_micros, amount_micros)::text as credited_micros, currency, method
            from recharge_orders
            where tenant_id = ${tenantId} and status = 'paid' and paid_at is not null
            order by paid_at desc, id desc
            limit ${limit}`,
      ),

    /**
     * The month's movements (`month` as YYYY-MM, its days in the organisation's time zone `timeZone`):
     * the balance before and after, top-ups (trade type 4) and operator additions and subtractions
     * (2, 3), in one statement; each balance is the last ledger row's balance_after before its bound.
     */
    async statement(tenantId: string, month: string, timeZone: string): Promise<StatementRow> {
      const { from, to } = monthBounds(month, timeZone);
      const before = (bound: SQL) =>
        sql`coalesce((select balance_after_micros from ledger_entries
                      where tenant_id = ${tenantId} and created_at < ${bound}
                      order by created_at desc, id desc limit 1), 0)::text`;
      const [row] = await queryRows<StatementRow>(
        db,
        sql`select ${before(from)} as opening_micros, ${before(to)} as closing_micros,
                   coalesce(sum(amount_micros) filter (where trade_type = ${TRADE_TYPES.recharge}), 0)::text as top_up_micros,
                   coalesce(sum(amount_micros) filter (where trade_type in (${TRADE_TYPES.add}, ${TRADE_TYPES.sub})), 0)::text
                     as adjustment_micros
            from ledger_entries
            where tenant_id = ${tenantId} and created_at >= ${from} and created_at < ${to}`,
      );
      return row!;
    },

    /** Net charges of the month by service (refunds netted against their service), largest first. */
    chargesByService(tenantId: string, month: string, timeZone: string) {
      const { from, to } = monthBounds(month, timeZone);
      return queryRows<{ service: string; micros: string }>(
        db,
        sql`select ${spendingService("l")} as service, ${SPENDING_SUM}::text as micros
            from ledger_entries l
            where l.tenant_id = ${tenantId} and l.created_at >= ${from} and l.created_at < ${to}
              and l.trade_type in (${sql.raw([...SPENDING_TYPES, TRADE_TYPES.refund].join(","))})
            group by 1 having ${SPENDING_SUM} <> 0
            order by ${SPENDING_SUM} desc, 1`,
      );
    },

    /** The month (YYYY-MM, in `timeZone`) of the organisation's first ledger row: its first statement. */
    async firstMonth(tenantId: string, timeZone: string): Promise<string | null> {
      const [row] = await queryRows<{ month: string | null }>(
        db,
        sql`select to_char(min(created_at) at time zone ${timeZone}, 'YYYY-MM') as month
            from ledger_entries where tenant_id = ${tenantId}`,
      );
      return row?.month ?? null;
    },
  };
}

export type InvoiceRepo = ReturnType<typeof invoiceRepo>;
