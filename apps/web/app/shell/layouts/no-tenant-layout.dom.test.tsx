import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, renderPage, stubApi } from "../../../test/render";
import NoTenantLayout from "./no-tenant-layout";

describe("the frame outside any organisation", () => {
  it("has the user menu, with the profile and signing out", async () => {
    const calls = stubApi({ "DELETE /api/_auth/session": () => null });
    const { user } = await renderPage(<NoTenantLayout />, {
      url: "/dashboard/tenants",
      root: { tenant: null, tenantCount: 0 },
    });
    const menu = screen.getByTestId("user-menu");
    expect(menu.textContent).toContain("Ana");
    await user.click(menu);
    expect(await screen.findByRole("menuitem", { name: /Profile/ })).toBeTruthy();
    await user.click(screen.getByRole("menuitem", { name: /Sign out/ }));
    expect((await screen.findByLabelText("landed")).textContent).toBe("/login");
    expect(callsTo(calls, "DELETE /api/_auth/session")).toHaveLength(1);
  });
});
