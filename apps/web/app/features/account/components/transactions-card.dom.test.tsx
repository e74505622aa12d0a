import type { Transaction, TransactionPage } from "@nc/contracts/account";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  type ApiCall,
  callsTo,
  expectFieldError,
  pickOption,
  renderPage,
  stubApi,
} from "../../../../test/render";
import { TransactionsCard } from "./transactions-card";

const tx = (
  id: string,
  tradeType: number,
  amountMicros: string,
  change: Partial<Transaction> = {},
): Transaction => ({
  id,
  tradeType,
  amountMicros,
  balanceAfterMicros: "100000000",
  service: null,
  quantity: null,
  referenceType: null,
  referenceId: null,
  actorType: "user",
  actorId: null,
  note: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  ...change,
});

const page = (data: Transaction[], nextCursor: string | null = null): TransactionPage => ({
  data,
  nextCursor,
  currency: "USD",
});

async function openLedger(answer: (call: ApiCall) => TransactionPage) {
  const calls = stubApi({ "GET /api/tenant/account/transactions": answer });
  const view = await renderPage(<TransactionsCard tenantId="t-1" />, { url: "/dashboard/account" });
  return { ...view, calls };
}

const ledgerCalls = (calls: ApiCall[]) => callsTo(calls, "GET /api/tenant/account/transactions");
const rows = () =>
  within(screen.getByTestId("transactions-table"))
    .getAllByRole("row")
    .filter((r) => r.hasAttribute("data-row-key"));

describe("transactions", () => {
  it("shows credits with a plus, debits as they are, the service and a link to the details", async () => {
    await openLedger(() =>
      page([
        tx("x-1", 4, "50000000", { note: "Card payment" }),
        tx("x-2", 5, "-1500", { service: "basic", balanceAfterMicros: "49998500" }),
      ]),
    );
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    const [credit, debit] = rows() as [HTMLElement, HTMLElement];
    expect(within(credit).getByText("Recharge")).toBeTruthy();
    expect(within(credit).getByText("+$50.00")).toBeTruthy();
    expect(within(credit).getByText("Card payment")).toBeTruthy();
    expect(within(debit).getByText("-$0.0015")).toBeTruthy();
    expect(within(debit).getAllByText("Basic check")).toHaveLength(2);
    expect(within(debit).getByRole("link", { name: "Details" }).getAttribute("href")).toBe(
      "/dashboard/account/detail?id=x-2",
    );
  });

  it("shows a day's single checks as one row that says how many and opens the job listing them", async () => {
    await openLedger(() =>
      page([
        tx("job-1", 5, "-1800000", {
          service: "basic",
          referenceType: "detection_job",
          referenceId: "job-1",
          checks: 1200,
        }),
      ]),
    );
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    const [row] = rows() as [HTMLElement];
    expect(within(row).getByText("-$1.80")).toBeTruthy();
    expect(within(row).getByText("1,200 single checks of the day, charged together")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Checks" }).getAttribute("href")).toBe(
      "/dashboard/history/job-1",
    );
    expect(within(row).queryByRole("link", { name: "Details" })).toBeNull();
  });

  it("applies the filters only on Apply, trade types comma-separated, and resets them", async () => {
    const { user, calls } = await openLedger(() => page([tx("x-1", 4, "50000000")]));
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
    await pickOption(user, screen.getByRole("combobox", { name: "Trade types" }), "Recharge");
    await pickOption(user, screen.getByRole("combobox", { name: "Trade types" }), "Basic check");
    fireEvent.change(screen.getByLabelText("Date range 1"), { target: { value: "2026-11-01" } });
    await user.type(screen.getByLabelText("Min amount"), " 10 ");
    expect(ledgerCalls(calls)).toHaveLength(1);
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await vi.waitFor(() => expect(ledgerCalls(calls)).toHaveLength(2));
    const query = ledgerCalls(calls)[1]!.query;
    expect([query.get("tradeType"), query.get("from"), query.get("minAmount"), query.get("to")]).toEqual([
      "4,5",
      "2026-11-01",
      "10",
      null,
    ]);
    await user.click(screen.getByRole("button", { name: "Reset filters" }));
    await vi.waitFor(() => expect(ledgerCalls(calls).at(-1)?.query.get("tradeType")).toBeNull());
  });

  it("refuses an amount filter that is not an amount", async () => {
    const { user, calls } = await openLedger(() => page([]));
    const max = screen.getByLabelText("Max amount");
    await user.type(max, "lots");
    await user.click(screen.getByRole("button", { name: "Apply" }));
    await expectFieldError(max, "Enter an amount like 12.50.");
    expect(ledgerCalls(calls)).toHaveLength(1);
    expect(await screen.findByText("No transactions match.")).toBeTruthy();
  });

  it("loads older transactions with the server's cursor and says when all are shown", async () => {
    const { user, calls } = await openLedger((call) =>
      call.query.get("cursor")
        ? page([tx("x-3", 10, "2000")])
        : page([tx("x-1", 4, "1"), tx("x-2", 4, "2")], "c-2"),
    );
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.getByText("All transactions shown.")).toBeTruthy();
    expect(ledgerCalls(calls).map((c) => c.query.get("cursor"))).toEqual([null, "c-2"]);
  });
});
