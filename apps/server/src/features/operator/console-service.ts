import type { Locale } from "@nc/contracts/locales";
import { parseAmountToMicros } from "@nc/contracts/money";
import type {
  AdjustBalanceBody,
  BalanceAdjusted,
  ConfirmRechargeBody,
  CustomerSearchQuery,
  OperatorAuditPage,
  OperatorCustomerPage,
  OperatorCustomerView,
  OperatorMonthSpend,
  OperatorRechargeView,
} from "@nc/contracts/operator";
import type { RechargeMethod, RechargeStatus } from "@nc/contracts/recharge";
import { SERVICES } from "@nc/contracts/services";
import { AppError, fieldError } from "../../core/app-error";
import { keysetPage, optionalCursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import type { AuditMeta, OperatorContext } from "../../core/request-context";
import { describeAuditEvent } from "../audit/index";
import { adjustBalance, type BillingService } from "../billing/index";
import type { NoticeService } from "../notice/index";
import type { RechargeService } from "../recharge/index";
import { type CustomerRow, consoleRepo, type MonthSpendRow, type RechargeListRow } from "./console-repo";
import { partnerLimit } from "./operator-service";

const rechargeView = (row: RechargeListRow): OperatorRechargeView => ({
  id: row.id,
  reference: row.reference,
  method: row.method as RechargeMethod,
  status: row.status as RechargeStatus,
  amountMicros: row.amount_micros,
  receivedMicros: row.received_micros,
  currency: row.currency,
  tenantId: row.tenant_id,
  tenantName: row.tenant_name,
  partnerId: row.partner_id,
  partnerName: row.partner_name,
  note: row.note,
  createdAt: row.created_at,
  paidAt: row.paid_at,
});

const SERVICE_ORDER: readonly string[] = SERVICES.map((s) => s.code);
const serviceRank = (code: string) => {
  const at = SERVICE_ORDER.indexOf(code);
  return at === -1 ? SERVICE_ORDER.length : at;
};

/** Each organisation's month spend from the grouped rows; none charged is a zero total. */
function monthSpendOf(rows: readonly MonthSpendRow[]): Map<string, OperatorMonthSpend> {
  const spends = new Map<string, OperatorMonthSpend>();
  for (const row of rows) {
    const spend = spends.get(row.tenant_id) ?? { totalMicros: "0", byService: [] };
    spend.totalMicros = (BigInt(spend.totalMicros) + BigInt(row.micros)).toString();
    spend.byService.push({ service: row.service, micros: row.micros });
    spends.set(row.tenant_id, spend);
  }
  for (const spend of spends.values())
    spend.byService.sort(
      (a, b) => serviceRank(a.service) - serviceRank(b.service) || a.service.localeCompare(b.service),
    );
  return spends;
}

const customerView = (
  row: CustomerRow,
  monthSpend: OperatorMonthSpend | undefined,
): OperatorCustomerView => ({
  id: row.id,
  name: row.name,
  status: row.status,
  partnerId: row.partner_id,
  partnerName: row.partner_name,
  ownerEmail: row.owner_email,
  balanceMicros: row.balance_micros ?? "0",
  currency: row.currency ?? "USD",
  monthSpend: monthSpend ?? { totalMicros: "0", byService: [] },
  members: row.members,
  lastActivityAt: row.last_activity_at,
  createdAt: row.created_at,
});

/** The console operator as the ledger and the audit log name them: by e-mail. */
const ledgerActor = (operator: OperatorContext) => ({ type: "operator" as const, id: operator.email });

/**
 * What the operator console does with money and customers (docs/operations.md, "The operator
 * console"): the same services the CLI uses, limited to the operator's partner. Anything beyond an
 * operator's reach is answered as not found, so ids of other partners reveal nothing.
 */
export function consoleService(
  db: Db,
  money: { billing: BillingService; notices: Pick<NoticeService, "notify">; recharge: RechargeService },
) {
  const repo = consoleRepo(db);
  const { recharge } = money;

  async function reachableOrder(operator: OperatorContext, orderId: string) {
    const limit = partnerLimit(operator);
    const partnerId = await repo.rechargePartner(orderId);
    if (partnerId === null || (limit !== null && partnerId !== limit)) throw new AppError("notFound");
    const order = await recharge.byId(orderId);
    if (order?.method !== "bank_transfer") throw new AppError("notFound");
    return order;
  }

  /** The rows as views, with the month's spend of all of them read in one statement. */
  async function withMonthSpend(rows: readonly CustomerRow[]): Promise<OperatorCustomerView[]> {
    const spends = monthSpendOf(await repo.monthSpend(rows.map((r) => r.id)));
    return rows.map((row) => customerView(row, spends.get(row.id)));
  }

  async function orderView(orderId: string): Promise<OperatorRechargeView> {
    const row = await repo.recharge(orderId);
    if (!row) throw new AppError("notFound");
    return rechargeView(row);
  }

  return {
    async recharges(
      operator: OperatorContext,
      status: RechargeStatus | null,
    ): Promise<OperatorRechargeView[]> {
      // Orders past their time are expired when read, as the customer's own list does.
      await recharge.expireOverdue();
      return (await repo.recharges(partnerLimit(operator), status)).map(rechargeView);
    },

    /**
     * Credits a bank transfer once, with what arrived: a second confirm (a double click, another
     * operator, the CLI) credits nothing more and answers credited: false.
     */
    async confirmRecharge(
      operator: OperatorContext,
      orderId: string,
      body: ConfirmRechargeBody,
      meta: AuditMeta,
    ): Promise<{ order: OperatorRechargeView; credited: boolean }> {
      const order = await reachableOrder(operator, orderId);
      if (order.status === "failed") throw new AppError("rechargeNotPending");
      const received = body.received === undefined ? undefined : parseAmountToMicros(body.received);
      if (received === null) throw fieldError("received", "operator_amount_invalid");
      const { credited } = await recharge.markPaid(
        order.id,
        ledgerActor(operator),
        body.note || undefined,
        received,
        meta,
      );
      return { order: await orderView(order.id), credited };
    },

    async rejectRecharge(
      operator: OperatorContext,
      orderId: string,
      note: string | undefined,
      meta: AuditMeta,
    ): Promise<OperatorRechargeView> {
      const order = await reachableOrder(operator, orderId);
      const row = await recharge.reject(order.id, ledgerActor(operator), note || undefined, meta);
      if (!row) throw new AppError("rechargeNotPending");
      return orderView(order.id);
    },

    async customers(operator: OperatorContext, query: CustomerSearchQuery): Promise<OperatorCustomerPage> {
      const cursor = optionalCursor(query.cursor);
      const rows = await repo.customers(partnerLimit(operator), query, query.limit + 1, cursor);
      const page = keysetPage(rows, query.limit, (row) => row);
      return { items: await withMonthSpend(page.data), nextCursor: page.nextCursor };
    },

    async customer(operator: OperatorContext, tenantId: string): Promise<OperatorCustomerView> {
      const row = await repo.customer(partnerLimit(operator), tenantId);
      if (!row) throw new AppError("notFound");
      const [view] = await withMonthSpend([row]);
      return view!;
    },

    /** An operator's correction with a reason and an idempotency key (the same keys as the CLI's). */
    async adjustBalance(
      operator: OperatorContext,
      tenantId: string,
      body: AdjustBalanceBody,
      meta: AuditMeta,
    ): Promise<BalanceAdjusted> {
      const customer = await repo.customer(partnerLimit(operator), tenantId);
      // An organisation whose data is being or has been removed keeps its ledger as it was.
      if (!customer || customer.status === "purging" || customer.status === "deleted")
        throw new AppError("notFound");
      const amountMicros = parseAmountToMicros(body.amount);
      if (amountMicros === null || amountMicros <= 0n) throw fieldError("amount", "operator_amount_invalid");
      const posted = await adjustBalance(money.billing, {
        tenantId,
        kind: body.kind,
        amountMicros,
        reason: body.reason,
        idempotencyKey: body.idempotencyKey,
        actor: ledgerActor(operator),
        from: meta,
      });
      return {
        entryId: posted.entry.id,
        balanceMicros: posted.entry.balanceAfterMicros.toString(),
        currency: posted.currency,
        replayed: posted.replayed,
      };
    },

    async audit(
      operator: OperatorContext,
      query: { cursor?: string; limit: number },
      locale: Locale,
    ): Promise<OperatorAuditPage> {
      const cursor = optionalCursor(query.cursor);
      const rows = await repo.audit(partnerLimit(operator), query.limit + 1, cursor);
      const page = keysetPage(rows, query.limit, (row) => ({
        id: row.id,
        action: row.action,
        summary: describeAuditEvent(row, locale),
        actorLabel: row.actor_label,
        tenantId: row.tenant_id,
        tenantName: row.tenant_name,
        targetType: row.target_type,
        targetId: row.target_id,
        details: row.details,
        ip: row.ip,
        createdAt: row.created_at,
      }));
      return { items: page.data, nextCursor: page.nextCursor };
    },
  };
}

export type ConsoleService = ReturnType<typeof consoleService>;
