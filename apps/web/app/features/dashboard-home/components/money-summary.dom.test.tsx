import type { AccountOverview } from "@nc/contracts/account";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, stubApi } from "../../../../test/render";
import { MoneySummary } from "./money-summary";

const OVERVIEW: AccountOverview = {
  currency: "USD",
  balanceMicros: "5000000",
  spendingThisMonthMicros: "0",
  lowBalanceThresholdMicros: null,
  timeZone: "UTC",
  welcomeCreditMicros: "5000000",
};

async function open(overview: AccountOverview) {
  stubApi({ "GET /api/tenant/account": () => overview });
  await renderPage(<MoneySummary tenantId="t-1" />, { url: "/dashboard" });
  await screen.findByTestId("home-balance");
}

describe("dashboard money summary", () => {
  it("says that a new organisation's balance came as a welcome credit", async () => {
    await open(OVERVIEW);
    expect(screen.getByTestId("welcome-credit-note").textContent).toBe(
      "A $5.00 welcome credit was added when the organisation was created, to try the checks; it is spent like money you add.",
    );
  });

  it("says nothing of a welcome credit the organisation never had", async () => {
    await open({ ...OVERVIEW, welcomeCreditMicros: "0", balanceMicros: "100000000" });
    expect(screen.queryByTestId("welcome-credit-note")).toBeNull();
  });
});
