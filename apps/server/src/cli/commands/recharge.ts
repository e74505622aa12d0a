import { formatMoney, parseAmountToMicros } from "@nc/contracts/money";
import { rechargeService } from "../../features/recharge/recharge-service";
import { type CliCommand, required, UsageError } from "../command";

type Input = Parameters<CliCommand["run"]>[0];

const service = (input: Input) => rechargeService(input.database.db, input.config, input.services);
const operator = (input: Input) => ({ type: "operator" as const, id: input.operator });

/** Bank transfers: the operator sees the money arrive and confirms the order by its reference. */
export const rechargeCommands: CliCommand[] = [
  {
    area: "recharge",
    action: "confirm",
    usage:
      "recharge confirm --reference NC-XXXX-XXXX [--received 74.20] [--note TEXT]   (credits a bank transfer once: what arrived, or the ordered amount)",
    options: { reference: { type: "string" }, received: { type: "string" }, note: { type: "string" } },
    async run(input) {
      const { io } = input;
      const recharge = service(input);
      const reference = required(input.values, "reference");
      // What the bank statement shows, when it differs from the order (fees, a mistyped amount).
      const receivedMicros =
        input.values.received === undefined ? undefined : parseAmountToMicros(String(input.values.received));
      if (receivedMicros === null || (receivedMicros !== undefined && receivedMicros <= 0n))
        throw new UsageError("--received must be a positive decimal in the order's currency, such as 74.20");
      const order = await recharge.byReference(reference);
      if (order?.method !== "bank_transfer") {
        io.error(`No bank-transfer recharge with reference ${reference}.`);
        return 1;
      }
      if (order.status === "paid") {
        io.log(`${order.reference} is already paid (${order.paidAt?.toISOString()}); nothing credited.`);
        return 0;
      }
      if (order.status === "failed") {
        io.error(`${order.reference} was rejected; create a new order or credit with balance add.`);
        return 1;
      }
      if (order.status !== "pending")
        io.warn(`Note: ${order.reference} was ${order.status}; confirming anyway.`);
      const note = typeof input.values.note === "string" ? input.values.note : undefined;
      const { order: paid, credited } = await recharge.markPaid(
        order.id,
        operator(input),
        note,
        receivedMicros,
      );
      const money = (micros: bigint) => formatMoney(micros, paid.currency, "en");
      const received = paid.receivedMicros ?? paid.amountMicros;
      const amounts =
        received === paid.amountMicros
          ? money(received)
          : `received ${money(received)} (ordered ${money(paid.amountMicros)})`;
      io.log(
        `${credited ? "Confirmed" : "Already credited"}: ${paid.reference} ${amounts} for tenant ${paid.tenantId} (entry ${paid.ledgerEntryId})`,
      );
      return 0;
    },
  },
  {
    area: "recharge",
    action: "reject",
    usage: "recharge reject --reference NC-XXXX-XXXX [--note TEXT]   (marks a bank transfer failed)",
    options: { reference: { type: "string" }, note: { type: "string" } },
    async run(input) {
      const { io } = input;
      const recharge = service(input);
      const reference = required(input.values, "reference");
      const order = await recharge.byReference(reference);
      if (order?.method !== "bank_transfer") {
        io.error(`No bank-transfer recharge with reference ${reference}.`);
        return 1;
      }
      const note = typeof input.values.note === "string" ? input.values.note : undefined;
      const row = await recharge.reject(order.id, operator(input), note);
      if (!row) {
        io.error(`${order.reference} is ${order.status}; only an unpaid order can be rejected.`);
        return 1;
      }
      io.log(`Rejected: ${row.reference} (now failed)`);
      return 0;
    },
  },
];
