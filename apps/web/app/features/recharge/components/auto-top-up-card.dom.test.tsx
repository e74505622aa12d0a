import type { AutoTopUpSettings } from "@nc/contracts/auto-top-up";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, renderPage, stubApi, tenantWith } from "../../../../test/render";
import { AutoTopUpCard } from "./auto-top-up-card";

const SETTINGS: AutoTopUpSettings = {
  available: true,
  card: { brand: "visa", last4: "4242", expMonth: 3, expYear: 2030 },
  enabled: false,
  currency: "USD",
  thresholdMicros: "0",
  amountMicros: "0",
  dailyMax: 3,
  todayCount: 0,
  inFlight: false,
  stoppedBecause: null,
  minMicros: "10000000",
  maxMicros: "10000000000",
};

async function openCard(
  settings: Partial<AutoTopUpSettings> = {},
  permissions = ["account:read", "tenant:update"],
  routes: Record<string, (call: { body: unknown }) => unknown> = {},
) {
  const current = { ...SETTINGS, ...settings };
  const calls = stubApi({
    "GET /api/tenant/recharge/auto": () => current,
    "POST /api/tenant/recharge/auto": (call) => ({ ...current, ...(call.body as object) }),
    ...routes,
  });
  const page = await renderPage(<AutoTopUpCard tenantId="t-1" />, {
    url: "/dashboard/account/recharge",
    root: { tenant: tenantWith(permissions) },
  });
  await vi.waitFor(() => expect(screen.getByTestId("saved-card")).toBeTruthy());
  return { ...page, calls };
}

describe("automatic top-up card", () => {
  it("shows the saved card and saves the settings it is given", async () => {
    const { user, calls } = await openCard();
    expect(screen.getByTestId("saved-card").textContent).toBe("VISA •••• 4242, expires 03/2030");
    await user.click(screen.getByRole("switch", { name: "Top up automatically" }));
    await user.type(screen.getByRole("textbox", { name: "When the balance falls below" }), "25");
    await user.type(screen.getByRole("textbox", { name: "Amount to add each time" }), "100");
    const perDay = screen.getByRole("spinbutton", { name: "At most this many top-ups a day" });
    await user.clear(perDay);
    await user.type(perDay, "5");
    await user.click(screen.getByRole("button", { name: "Save automatic top-up" }));
    expect(await screen.findByText("Automatic top-up saved.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/recharge/auto").map((c) => c.body)).toEqual([
      { enabled: true, threshold: "25", amount: "100", dailyMax: 5 },
    ]);
  });

  it("refuses an amount outside the recharge limits before sending", async () => {
    const { user, calls } = await openCard();
    await user.type(screen.getByRole("textbox", { name: "When the balance falls below" }), "25");
    await user.type(screen.getByRole("textbox", { name: "Amount to add each time" }), "5");
    await user.click(screen.getByRole("button", { name: "Save automatic top-up" }));
    expect(await screen.findAllByText("From $10.00 to $10,000.00")).toHaveLength(2);
    expect(callsTo(calls, "POST /api/tenant/recharge/auto")).toEqual([]);
  });

  it("removes the card after asking, and offers to save one when there is none", async () => {
    const removed = { ...SETTINGS, card: null };
    const { user, calls } = await openCard({}, undefined, {
      "DELETE /api/tenant/recharge/card": () => removed,
    });
    await user.click(screen.getByRole("button", { name: "Remove card" }));
    const dialog = await screen.findByRole("dialog");
    await user.click(within(dialog).getByRole("button", { name: "Remove card" }));
    expect(await screen.findByText("Card removed; automatic top-up is off.")).toBeTruthy();
    expect(callsTo(calls, "DELETE /api/tenant/recharge/card")).toHaveLength(1);
    expect(screen.getByTestId("saved-card").textContent).toBe("No card saved.");
    expect(screen.getByRole("button", { name: "Save a card" })).toBeTruthy();
    expect((screen.getByRole("switch", { name: "Top up automatically" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("sends the person to Stripe to save a card", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { user } = await openCard({ card: null }, undefined, {
      "POST /api/tenant/recharge/card/setup": () => ({
        checkoutUrl: "https://checkout.stripe.com/c/setup/cs_1",
      }),
    });
    await user.click(screen.getByRole("button", { name: "Save a card" }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.stripe.com/c/setup/cs_1"));
  });

  it("says why it turned itself off, and shows members without the right the settings only", async () => {
    await openCard(
      {
        enabled: true,
        thresholdMicros: "25000000",
        amountMicros: "100000000",
        todayCount: 2,
        stoppedBecause: null,
      },
      ["account:read"],
    );
    expect(screen.getByTestId("auto-top-up-summary").textContent).toBe(
      "On: adds $100.00 when the balance falls below $25.00, at most 3 times a day.",
    );
    expect(screen.getByText("Today: 2 of 3 automatic top-ups made.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remove card" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Save automatic top-up" })).toBeNull();
  });

  it("warns when the bank declined the card", async () => {
    await openCard({ stoppedBecause: "payment_failed" });
    expect(screen.getByText(/Automatic top-up turned off: the bank declined the card/)).toBeTruthy();
  });
});
