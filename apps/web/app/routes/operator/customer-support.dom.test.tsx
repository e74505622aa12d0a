import type { OperatorSupportView } from "@nc/contracts/operator";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, renderPage, stubApi } from "../../../test/render";
import OperatorCustomerSupportPage from "./customer-support";

const ID = "5f0c1c1e-0000-4000-8000-000000000000";
const VIEW: OperatorSupportView = {
  members: [
    {
      userId: "u-1",
      email: "cora@example.com",
      name: "Cora Diaz",
      role: "owner",
      joinedAt: "2026-10-01T08:00:00.000Z",
    },
  ],
  jobs: [
    {
      id: "j-1",
      kind: "batch",
      channel: "web",
      service: "hlr",
      status: "completed",
      total: 100,
      done: 98,
      failed: 2,
      fileName: "leads.csv",
      chargedMicros: "1500000",
      currency: "USD",
      createdAt: "2026-11-20T10:00:00.000Z",
    },
  ],
};

describe("operator support view", () => {
  it("says the opening is audited and lists the members and latest jobs", async () => {
    const calls = stubApi({
      [`GET /api/operator/customers/${ID}/support`]: () => VIEW,
      [`GET /api/operator/customers/${ID}`]: () => ({ id: ID, name: "Cora Co" }),
    });
    await renderPage(<OperatorCustomerSupportPage />, {
      url: `/operator/customers/${ID}/support`,
      pattern: "/operator/customers/:id/support",
    });
    expect(screen.getByTestId("support-audited").textContent).toContain(
      "Opening this page is recorded in the organisation's audit log.",
    );
    const members = await screen.findByTestId("support-members");
    expect(within(members).getByText("cora@example.com")).toBeTruthy();
    expect(within(members).getByText("Owner")).toBeTruthy();
    const jobs = screen.getByTestId("support-jobs");
    expect(within(jobs).getByText("HLR lookup")).toBeTruthy();
    expect(within(jobs).getByText("leads.csv")).toBeTruthy();
    expect(within(jobs).getByText("Completed")).toBeTruthy();
    expect(within(jobs).getByText("98 of 100 done, 2 failed")).toBeTruthy();
    expect(within(jobs).getByText("$1.50")).toBeTruthy();
    expect(await screen.findByRole("link", { name: "← Cora Co" })).toBeTruthy();
    // One opening, one audit entry: the view is asked for once.
    expect(callsTo(calls, `GET /api/operator/customers/${ID}/support`)).toHaveLength(1);
  });
});
