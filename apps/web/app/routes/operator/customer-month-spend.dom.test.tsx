import type { OperatorCustomerView } from "@nc/contracts/operator";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, stubApi } from "../../../test/render";
import OperatorCustomerPage from "./customer";
import OperatorCustomersPage from "./customers";

const ID = "5f0c1c1e-0000-4000-8000-00000000000a";
const CUSTOMER: OperatorCustomerView = {
  id: ID,
  name: "Cora Co",
  status: "active",
  partnerId: "p-1",
  partnerName: "NumCheck",
  ownerEmail: "cora@example.com",
  balanceMicros: "88250000",
  currency: "USD",
  monthSpend: {
    totalMicros: "2750000",
    byService: [
      { service: "basic", micros: "1250000" },
      { service: "hlr", micros: "1750000" },
      { service: "other", micros: "-250000" },
    ],
  },
  members: 2,
  lastActivityAt: "2026-11-20T10:00:00.000Z",
  createdAt: "2026-10-01T08:00:00.000Z",
};
const QUIET: OperatorCustomerView = {
  ...CUSTOMER,
  id: "5f0c1c1e-0000-4000-8000-00000000000b",
  name: "Quiet Ltd",
  monthSpend: { totalMicros: "0", byService: [] },
};

describe("a customer's spend this month by service", () => {
  it("shows the total in the list with the split by service on a line under it", async () => {
    stubApi({ "GET /api/operator/customers": () => ({ items: [CUSTOMER, QUIET], nextCursor: null }) });
    await renderPage(<OperatorCustomersPage />, { url: "/operator/customers" });
    const link = await screen.findByRole("link", { name: "Cora Co" });
    const cells = within(link.closest("tr")!).getByTestId("month-spend");
    expect(cells.textContent).toContain("$2.75");
    expect(cells.textContent).toContain("Basic check $1.25 · HLR lookup $1.75 · other -$0.25");
    const quiet = within(screen.getByRole("link", { name: "Quiet Ltd" }).closest("tr")!).getByTestId(
      "month-spend",
    );
    expect(quiet.textContent).toBe("$0.00");
  });

  it("lists each service with its amount and the total on the customer's page", async () => {
    stubApi({
      [`GET /api/operator/customers/${ID}`]: () => CUSTOMER,
      "GET /api/operator/me": () => ({
        userId: "u-1",
        email: "ana@example.com",
        scope: "platform",
        partnerId: "p-1",
        partnerName: "NumCheck",
        permissions: ["operator.customer:read"],
      }),
    });
    await renderPage(<OperatorCustomerPage />, {
      url: `/operator/customers/${ID}`,
      pattern: "/operator/customers/:id",
    });
    const table = await screen.findByTestId("month-spend-by-service");
    expect(screen.getByRole("heading", { name: "Spent this month by service (UTC)" })).toBeTruthy();
    const rows = within(table)
      .getAllByRole("row")
      .map((r) => r.textContent);
    expect(rows).toEqual(["Basic check$1.25", "HLR lookup$1.75", "other-$0.25", "Total$2.75"]);
  });

  it("says so when nothing was spent this month", async () => {
    stubApi({ [`GET /api/operator/customers/${ID}`]: () => QUIET });
    await renderPage(<OperatorCustomerPage />, {
      url: `/operator/customers/${ID}`,
      pattern: "/operator/customers/:id",
    });
    expect(await screen.findByText("Nothing spent this month.")).toBeTruthy();
    expect(screen.queryByTestId("month-spend-by-service")).toBeNull();
  });
});
