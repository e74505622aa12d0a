import { randomUUID } from "node:crypto";
import { formatMoney, microsToDecimal, parseAmountToMicros } from "@nc/contracts/money";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq } from "drizzle-orm";
import { tenants } from "../../db/schema/index";
import { auditActorOf, recordAudit } from "../../features/audit/audit-service";
import { billingService } from "../../features/billing/billing-service";
import { formatParam } from "../../i18n/translate";
import { type CliCommand, required, UsageError } from "../command";

type Input = Parameters<CliCommand["run"]>[0];

const operator = (input: Input) => ({ type: "operator" as const, id: input.operator });

async function tenantOf(input: Input): Promise<string> {
  const id = required(input.values, "tenant");
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw new UsageError("--tenant must be an organisation id");
  const [row] = await input.database.db.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, id));
  if (!row) throw new UsageError(`no organisation ${id}`);
  return row.id;
}

const AUDIT_ACTION = { add: "balance.added", sub: "balance.subtracted", refund: "balance.refunded" } as const;

/** add (2), sub (3), refund (10): an operator's correction, always a new ledger row with a reason. */
function movement(action: "add" | "sub" | "refund", tradeType: number, what: string): CliCommand {
  return {
    area: "balance",
    action,
    usage: `balance ${action} --tenant ID --amount 10.00 --reason TEXT [--key IDEMPOTENCY_KEY]   (${what})`,
    options: {
      tenant: { type: "string" },
      amount: { type: "string" },
      reason: { type: "string" },
      key: { type: "string" },
    },
    async run(input) {
      const { io } = input;
      const tenantId = await tenantOf(input);
      const amountMicros = parseAmountToMicros(required(input.values, "amount"));
      if (amountMicros === null || amountMicros <= 0n)
        throw new UsageError("--amount must be a positive decimal such as 10.00");
      const reason = required(input.values, "reason");
      const key = typeof input.values.key === "string" ? input.values.key : undefined;
      const billing = billingService(input.database.db);
      const { currency } = await billing.balance(tenantId);
      const id = randomUUID();
      try {
        const { entry, replayed } = await billing[tradeType === TRADE_TYPES.sub ? "charge" : "credit"]({
          tenantId,
          tradeType,
          amountMicros,
          idempotencyKey: key ? `operator:${key}` : undefined,
          request: { action, amount: amountMicros.toString(), reason },
          reference: { type: "operator", id },
          actor: operator(input),
          note: reason,
          alongside: (tx, entry) =>
            recordAudit(tx, {
              tenantId,
              actor: auditActorOf(operator(input)),
              action: AUDIT_ACTION[action],
              target: { type: "ledger_entry", id: entry.id },
              details: { amountMicros: amountMicros.toString(), currency, reason },
            }),
        });
        io.log(
          `${replayed ? "Already done (same --key): " : ""}${action} ${formatMoney(amountMicros, currency, "en")} -> balance ${formatMoney(entry.balanceAfterMicros, currency, "en")} (entry ${entry.id})`,
        );
        return 0;
      } catch (error) {
        const e = error as { key?: string; params?: { missing?: unknown } };
        if (e.key === "insufficientBalance") {
          io.error(
            `Refused: the balance is too low (${formatParam(e.params?.missing, "en")} more would be needed).`,
          );
          return 1;
        }
        throw error;
      }
    },
  };
}

export const balanceCommands: CliCommand[] = [
  movement("add", TRADE_TYPES.add, "trade type 2"),
  movement("sub", TRADE_TYPES.sub, "trade type 3"),
  movement("refund", TRADE_TYPES.refund, "trade type 10"),
  {
    area: "balance",
    action: "show",
    usage: "balance show --tenant ID   (balance and ledger check; exits 1 on a mismatch)",
    options: { tenant: { type: "string" } },
    async run(input) {
      const { io } = input;
      const tenantId = await tenantOf(input);
      const billing = billingService(input.database.db);
      const { currency } = await billing.balance(tenantId);
      const check = await billing.verify(tenantId);
      io.log(`Tenant     ${tenantId}`);
      io.log(`Balance    ${microsToDecimal(check.balanceMicros)} ${currency}`);
      io.log(`Ledger sum ${microsToDecimal(check.ledgerSum)} ${currency}`);
      io.log(check.ok ? "OK" : "MISMATCH");
      return check.ok ? 0 : 1;
    },
  },
];
