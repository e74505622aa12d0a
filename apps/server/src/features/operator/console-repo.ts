import type { RechargeStatus } from "@nc/contracts/recharge";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { type SQL, sql } from "drizzle-orm";
import type { Cursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import { isUuid } from "../../core/uuid";
import { containsPattern, exactUtc, queryRows } from "../../db/query";
import { SPENDING_SUM, SPENDING_TYPES, spendingService } from "../account/index";

/**
 * The SQL of the operator console's lists (docs/operations.md, "The operator console"). Every
 * query takes the partner the operator is limited to (null: all partners), so a partner operator's
 * reach is part of the statement, not a filter applied afterwards.
 */

const byPartner = (column: string, partnerId: string | null): SQL =>
  partnerId === null ? sql`true` : sql`${sql.raw(column)} = ${partnerId}`;

export interface RechargeListRow {
  id: string;
  reference: string;
  method: string;
  status: string;
  amount_micros: string;
  received_micros: string | null;
  currency: string;
  tenant_id: string;
  tenant_name: string;
  partner_id: string;
  partner_name: string;
  note: string | null;
  created_at: string;
  paid_at: string | null;
}

export interface CustomerRow {
  id: string;
  name: string;
  status: string;
  partner_id: string;
  partner_name: string;
  owner_email: string | null;
  balance_micros: string | null;
  currency: string | null;
  members: number;
  last_activity_at: string | null;
  created_at: string;
}

export interface MonthSpendRow {
  tenant_id: string;
  service: string;
  micros: string;
}

export interface OperatorAuditRow {
  id: string;
  action: string;
  actor_label: string | null;
  tenant_id: string | null;
  tenant_name: string | null;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
  ip: string | null;
  created_at: string;
}

const RECHARGE_SELECT = sql`select o.id, o.reference, o.method, o.status, o.amount_micros::text as amount_micros,
    o.received_micros::text as received_micros, o.currency, o.tenant_id, t.name as tenant_name,
    t.partner_id, p.name as partner_name, o.note, ${exactUtc("o.created_at")} as created_at,
    ${exactUtc("o.paid_at")} as paid_at
  from recharge_orders o join tenants t on t.id = o.tenant_id join partners p on p.id = t.partner_id`;

const CUSTOMER_SELECT = sql`select t.id, t.name, t.status, t.partner_id, p.name as partner_name,
    (select u.email from tenant_members m join roles r on r.id = m.role_id join users u on u.id = m.user_id
      where m.tenant_id = t.id and r.is_super order by m.created_at limit 1) as owner_email,
    a.balance_micros::text as balance_micros, a.currency,
    (select count(*)::int from tenant_members m where m.tenant_id = t.id) as members,
    (select ${exactUtc("max(l.created_at)")} from ledger_entries l where l.tenant_id = t.id) as last_activity_at,
    ${exactUtc("t.created_at")} as created_at
  from tenants t join partners p on p.id = t.partner_id left join accounts a on a.tenant_id = t.id`;

export function consoleRepo(db: Db) {
  return {
    async recharges(partnerId: string | null, status: RechargeStatus | null): Promise<RechargeListRow[]> {
      return queryRows<RechargeListRow>(
        db,
        sql`${RECHARGE_SELECT} where o.method = 'bank_transfer' and ${byPartner("t.partner_id", partnerId)}
              and ${status === null ? sql`true` : sql`o.status = ${status}`}
            order by o.created_at desc, o.id desc limit 200`,
      );
    },

    /** The partner of a recharge order's organisation, or null when there is no such order. */
    async rechargePartner(orderId: string): Promise<string | null> {
      const rows = await queryRows<{ partner_id: string }>(
        db,
        sql`select t.partner_id from recharge_orders o join tenants t on t.id = o.tenant_id where o.id = ${orderId}`,
      );
      return rows[0]?.partner_id ?? null;
    },

    async recharge(orderId: string): Promise<RechargeListRow | null> {
      const rows = await queryRows<RechargeListRow>(db, sql`${RECHARGE_SELECT} where o.id = ${orderId}`);
      return rows[0] ?? null;
    },

    /**
     * Organisations by name, owner e-mail or id, newest first, keyset-paged. The text is matched
     * as a plain substring (LIKE's wildcards are escaped).
     */
    async customers(
      partnerId: string | null,
      filter: { q?: string; partnerId?: string },
      limit: number,
      cursor?: Cursor,
    ): Promise<CustomerRow[]> {
      const q = filter.q?.trim();
      const like = q ? containsPattern(q) : null;
      const match =
        like === null
          ? sql`true`
          : sql`(t.name ilike ${like} or exists (select 1 from tenant_members m join users u on u.id = m.user_id
                where m.tenant_id = t.id and u.email ilike ${like})${q && isUuid(q) ? sql` or t.id = ${q}` : sql``})`;
      const after = cursor
        ? sql`(t.created_at, t.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : sql`true`;
      return queryRows<CustomerRow>(
        db,
        sql`${CUSTOMER_SELECT}
            where ${byPartner("t.partner_id", partnerId)}
              and ${filter.partnerId ? sql`t.partner_id = ${filter.partnerId}` : sql`true`}
              and t.status not in ('purging', 'deleted') and ${match} and ${after}
            order by t.created_at desc, t.id desc limit ${limit}`,
      );
    },

    async customer(partnerId: string | null, tenantId: string): Promise<CustomerRow | null> {
      const rows = await queryRows<CustomerRow>(
        db,
        sql`${CUSTOMER_SELECT} where t.id = ${tenantId} and ${byPartner("t.partner_id", partnerId)}`,
      );
      return rows[0] ?? null;
    },

    /**
     * This calendar month's (UTC) net spend of the organisations, per organisation and service:
     * one grouped statement for a whole page, over the ledger's (tenant, time) index.
     */
    async monthSpend(tenantIds: readonly string[]): Promise<MonthSpendRow[]> {
      if (tenantIds.length === 0) return [];
      return queryRows<MonthSpendRow>(
        db,
        sql`select l.tenant_id, ${spendingService("l")} as service, (${SPENDING_SUM})::text as micros
            from ledger_entries l
            where l.tenant_id in (${sql.join(
              tenantIds.map((id) => sql`${id}::uuid`),
              sql`, `,
            )})
              and l.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'
              and l.trade_type in (${sql.raw([...SPENDING_TYPES, TRADE_TYPES.refund].join(","))})
            group by 1, 2
            having (${SPENDING_SUM}) <> 0`,
      );
    },

    /** The time zone an organisation reads its statement in. */
    async timeZoneOf(tenantId: string): Promise<string> {
      const rows = await queryRows<{ tz: string }>(
        db,
        sql`select timezone_code as tz from tenants where id = ${tenantId}`,
      );
      return rows[0]?.tz ?? "UTC";
    },

    /**
     * What operators did, newest first: events by an operator (console or CLI), limited to the
     * operator's partner through the organisation, or the partner named in an event outside one.
     */
    async audit(partnerId: string | null, limit: number, cursor?: Cursor): Promise<OperatorAuditRow[]> {
      const after = cursor
        ? sql`(e.created_at, e.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)`
        : sql`true`;
      const reach =
        partnerId === null
          ? sql`true`
          : sql`(t.partner_id = ${partnerId} or (e.tenant_id is null and e.details->>'partnerId' = ${partnerId}))`;
      return queryRows<OperatorAuditRow>(
        db,
        sql`select e.id, e.action, e.actor_label, e.tenant_id, t.name as tenant_name, e.target_type, e.target_id,
              e.details, e.ip, ${exactUtc("e.created_at")} as created_at
            from audit_events e left join tenants t on t.id = e.tenant_id
            where e.actor_type = 'operator' and ${reach} and ${after}
            order by e.created_at desc, e.id desc limit ${limit}`,
      );
    },
  };
}
