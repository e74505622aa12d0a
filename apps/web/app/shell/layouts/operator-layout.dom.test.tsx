import { ALL_OPERATOR_PERMISSIONS, type OperatorMe, type OperatorPermission } from "@nc/contracts/operator";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, stubApi } from "../../../test/render";
import OperatorLayout from "./operator-layout";

const me = (permissions: OperatorPermission[]): OperatorMe => ({
  userId: "u-1",
  email: "otto@example.com",
  scope: "partner",
  partnerId: "p-1",
  partnerName: "NumCheck",
  permissions,
});

async function openConsole(url: string, permissions: OperatorPermission[]) {
  stubApi({ "GET /api/operator/me": () => me(permissions) });
  const page = await renderPage(<OperatorLayout />, { url });
  // A desktop: the menu is in the side bar, filled once the console knows the operator.
  const menu = await screen.findByRole("menu");
  await within(menu).findByText("Overview");
  const entries = () =>
    within(menu)
      .getAllByRole("menuitem")
      .map((item) => item.textContent);
  return { ...page, entries };
}

describe("operator console layout", () => {
  it("offers only the pages the operator's rights open", async () => {
    const { entries } = await openConsole("/operator", [
      "operator.recharge:read",
      "operator.recharge:confirm",
    ]);
    expect(entries()).toEqual(["Overview", "Bank transfers", "Money summary"]);
  });

  it("every right offers every menu page", async () => {
    const { entries } = await openConsole("/operator", ALL_OPERATOR_PERMISSIONS);
    expect(entries()).toEqual([
      "Overview",
      "Bank transfers",
      "Money summary",
      "Customers",
      "Users",
      "Partners",
      "Prices",
      "Look-up providers",
      "Operators",
      "Audit log",
    ]);
  });

  it("a page opened without its right shows the 403 page", async () => {
    await openConsole("/operator/customers/0b7c4c1e-6f1a-4c1e-9a55-2f0d7c1e4a10", ["operator.audit:read"]);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Permission denied");
  });

  it("a page opened with its right is not refused", async () => {
    await openConsole("/operator/audit", ["operator.audit:read"]);
    await screen.findByRole("menu");
    expect(screen.queryByText("Permission denied")).toBeNull();
  });
});
