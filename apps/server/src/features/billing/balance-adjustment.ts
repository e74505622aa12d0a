import { randomUUID } from "node:crypto";
import type { BalanceAdjustment } from "@nc/contracts/operator";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import type { AuditMeta } from "../../core/request-context";
import { auditActorOf, recordAudit } from "../audit/index";
import type { Actor, BillingService, Posted } from "./billing-service";

const TRADE_TYPE: Record<BalanceAdjustment, number> = {
  add: TRADE_TYPES.add,
  sub: TRADE_TYPES.sub,
  refund: TRADE_TYPES.refund,
};

const AUDIT_ACTION = { add: "balance.added", sub: "balance.subtracted", refund: "balance.refunded" } as const;

export interface BalanceAdjustmentInput {
  tenantId: string;
  kind: BalanceAdjustment;
  /** Positive magnitude; the kind says the direction. */
  amountMicros: bigint;
  reason: string;
  /**
   * The same key with the same request adjusts once and answers the first outcome again; the CLI's
   * --key and the console's form key share one namespace, so either can retry the other's action.
   */
  idempotencyKey?: string;
  /** The operator: the CLI's OS user or the console operator's e-mail. */
  actor: Actor & { type: "operator" };
  /**
   * Where the console request came from (none for the CLI); its actor, when given, is the audit
   * log's who (the console operator's e-mail and user id, where the ledger keeps the e-mail only).
   */
  from?: Pick<AuditMeta, "ip" | "userAgent"> & Partial<Pick<AuditMeta, "actor">>;
}

/**
 * An operator's correction of a balance (docs/operations.md, "Balance and recharges"): add (2),
 * sub (3) or refund (10), always a new ledger row with its reason, recorded in the organisation's
 * audit log in the same transaction. A subtraction below zero is refused (insufficientBalance).
 */
export async function adjustBalance(
  billing: BillingService,
  input: BalanceAdjustmentInput,
): Promise<Posted & { currency: string }> {
  const { currency } = await billing.balance(input.tenantId);
  const posted = await billing[input.kind === "sub" ? "charge" : "credit"]({
    tenantId: input.tenantId,
    tradeType: TRADE_TYPE[input.kind],
    amountMicros: input.amountMicros,
    idempotencyKey: input.idempotencyKey ? `operator:${input.idempotencyKey}` : undefined,
    request: { action: input.kind, amount: input.amountMicros.toString(), reason: input.reason },
    reference: { type: "operator", id: randomUUID() },
    actor: input.actor,
    note: input.reason,
    alongside: (tx, entry) =>
      recordAudit(tx, {
        tenantId: input.tenantId,
        actor: input.from?.actor ?? auditActorOf(input.actor),
        action: AUDIT_ACTION[input.kind],
        target: { type: "ledger_entry", id: entry.id },
        details: { amountMicros: input.amountMicros.toString(), currency, reason: input.reason },
        ip: input.from?.ip,
        userAgent: input.from?.userAgent,
      }),
  });
  return { ...posted, currency };
}
