import { formatMoney, microsToDecimal, parseAmountToMicros } from "@nc/contracts/money";
import type { BalanceAdjustment } from "@nc/contracts/operator";
import { eq } from "drizzle-orm";
import { tenants } from "../../db/schema/index";
import { adjustBalance } from "../../features/billing/index";
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

/** add (2), sub (3), refund (10): an operator's correction, always a new ledger row with a reason. */
function movement(action: BalanceAdjustment, what: string): CliCommand {
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
      try {
        const { entry, replayed, currency } = await adjustBalance(input.services.billing, {
          tenantId,
          kind: action,
          amountMicros,
          reason,
          idempotencyKey: key,
          actor: operator(input),
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
  movement("add", "trade type 2"),
  movement("sub", "trade type 3"),
  movement("refund", "trade type 10"),
  {
    area: "balance",
    action: "show",
    usage: "balance show --tenant ID   (balance and ledger check; exits 1 on a mismatch)",
    options: { tenant: { type: "string" } },
    async run(input) {
      const { io } = input;
      const tenantId = await tenantOf(input);
      const { billing } = input.services;
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
