import { ALL_OPERATOR_PERMISSIONS, type OperatorPaymentMethods } from "@nc/contracts/operator";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { operatorMe } from "../../../test/operator-me";
import { callsTo, renderPage, stubApi } from "../../../test/render";
import { useOperator } from "../../features/operator/use-operator";
import OperatorOverviewPage from "./index";

/** The page as the console's layout shows it: once it knows who the operator is. */
function Overview() {
  const { me } = useOperator();
  return me.data ? <OperatorOverviewPage /> : null;
}

async function open(methods: OperatorPaymentMethods, permissions = ALL_OPERATOR_PERMISSIONS) {
  const calls = stubApi({
    "GET /api/operator/me": () => operatorMe("platform", { permissions }),
    "GET /api/operator/recharges": () => [],
    "GET /api/operator/payment-methods": () => methods,
  });
  await renderPage(<Overview />, { url: "/operator" });
  await screen.findByTestId("operator-email");
  await vi.waitFor(() => expect(callsTo(calls, "GET /api/operator/payment-methods")).toHaveLength(1));
}

describe("operator overview", () => {
  it("says when customers have no way to pay, and where to get the keys", async () => {
    await open({ card: false, bankTransfer: false });
    const warning = await screen.findByTestId("operator-no-payment-method");
    expect(warning.textContent).toContain("No way to pay is set up");
    expect(screen.getByRole("link", { name: "Get the Stripe keys" }).getAttribute("href")).toBe(
      "https://dashboard.stripe.com/apikeys",
    );
  });

  it("says nothing when one way to pay is set up", async () => {
    await open({ card: false, bankTransfer: true });
    await screen.findByTestId("operator-pending-count");
    // The answer has come; give the page its render of it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("operator-no-payment-method")).toBeNull();
  });
});
