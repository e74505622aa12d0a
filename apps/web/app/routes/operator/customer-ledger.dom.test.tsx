import type { Transaction, TransactionDetail } from "@nc/contracts/account";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, renderPage, stubApi } from "../../../test/render";
import OperatorCustomerLedgerPage from "./customer-ledger";

const ID = "5f0c1c1e-0000-4000-8000-000000000000";
const LIST = `GET /api/operator/customers/${ID}/transactions`;
const row = (over: Partial<Transaction>): Transaction => ({
  id: "e-1",
  tradeType: TRADE_TYPES.recharge,
  amountMicros: "75500000",
  balanceAfterMicros: "75500000",
  service: null,
  quantity: null,
  referenceType: null,
  referenceId: null,
  actorType: "operator",
  actorId: null,
  note: "Bank transfer NC-AB12",
  createdAt: "2026-11-20T10:00:00.000Z",
  ...over,
});

describe("operator view of a customer's ledger", () => {
  it("lists the rows with the dashboard's trade type names, pages on, and opens a row's details", async () => {
    const older = row({ id: "e-0", tradeType: TRADE_TYPES.sub, amountMicros: "-5000000", note: "Duplicate" });
    const detail: TransactionDetail = {
      ...row({}),
      currency: "USD",
      reservation: null,
      rechargeOrder: {
        id: "r-1",
        method: "bank_transfer",
        status: "paid",
        reference: "NC-AB12",
        amountMicros: "75500000",
        currency: "USD",
      },
      actorUser: null,
    };
    const calls = stubApi({
      [LIST]: ({ query }) =>
        query.get("cursor")
          ? { data: [older], nextCursor: null, currency: "USD" }
          : { data: [row({})], nextCursor: "c-1", currency: "USD" },
      [`GET /api/operator/customers/${ID}`]: () => ({ id: ID, name: "Cora Co" }),
      [`GET /api/operator/customers/${ID}/transactions/e-1`]: () => detail,
    });
    const { user } = await renderPage(<OperatorCustomerLedgerPage />, {
      url: `/operator/customers/${ID}/ledger`,
      pattern: "/operator/customers/:id/ledger",
    });
    const table = await screen.findByTestId("ledger-table");
    expect(await within(table).findByText("Recharge")).toBeTruthy();
    expect(within(table).getByText("+$75.50")).toBeTruthy();
    await user.click(screen.getByTestId("ledger-more"));
    expect(await within(table).findByText("-$5.00")).toBeTruthy();
    expect(within(table).getByText("Balance deducted")).toBeTruthy();
    expect(callsTo(calls, LIST).at(-1)?.query.get("cursor")).toBe("c-1");

    await user.click(within(table).getAllByTestId("ledger-view")[0]!);
    const order = await screen.findByTestId("transaction-recharge-order");
    expect(within(order).getByText("NC-AB12")).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId("transaction-detail").textContent).toContain("UTC"));
  });
});
