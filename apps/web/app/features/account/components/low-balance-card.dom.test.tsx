import type { AccountOverview } from "@nc/contracts/account";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, expectFieldError, renderPage, stubApi } from "../../../../test/render";
import { LowBalanceCard } from "./low-balance-card";

const OVERVIEW: AccountOverview = {
  currency: "USD",
  balanceMicros: "120000000",
  spendingThisMonthMicros: "0",
  lowBalanceThresholdMicros: null,
  timeZone: "UTC",
  welcomeCreditMicros: "0",
};

async function openCard(threshold: string | null) {
  const calls = stubApi({
    "GET /api/tenant/account": () => ({ ...OVERVIEW, lowBalanceThresholdMicros: threshold }),
    "POST /api/tenant/account/settings": (call) => ({
      lowBalanceThresholdMicros: (call.body as { lowBalanceThreshold: string | null }).lowBalanceThreshold,
    }),
  });
  const page = await renderPage(<LowBalanceCard tenantId="t-1" />, { url: "/dashboard/account" });
  const field = (await screen.findByLabelText("Alert below")) as HTMLInputElement;
  return { ...page, calls, field };
}

const saved = (calls: Awaited<ReturnType<typeof openCard>>["calls"]) =>
  callsTo(calls, "POST /api/tenant/account/settings").map((c) => c.body);

describe("low-balance alert", () => {
  it("shows the threshold in force as an amount and offers to turn it off", async () => {
    const { user, field, calls } = await openCard("25500000");
    expect(field.value).toBe("25.50");
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Low-balance alert turned off.")).toBeTruthy();
    expect(saved(calls)).toEqual([{ lowBalanceThreshold: null }]);
    await vi.waitFor(() => expect(field.value).toBe(""));
  });

  it("without a threshold has nothing to turn off", async () => {
    const { field } = await openCard(null);
    expect(field.value).toBe("");
    expect(screen.queryByRole("button", { name: "Turn off" })).toBeNull();
  });

  it("refuses text that is not an amount, then saves a trimmed one", async () => {
    const { user, field, calls } = await openCard(null);
    await user.type(field, "ten");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await expectFieldError(field, "Enter an amount like 12.50.");
    expect(saved(calls)).toEqual([]);
    await user.clear(field);
    await user.type(field, " 12.50 ");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Low-balance alert saved.")).toBeTruthy();
    expect(saved(calls)).toEqual([{ lowBalanceThreshold: "12.50" }]);
  });
});
