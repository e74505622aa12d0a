import type { TenantSummary } from "@nc/contracts/tenancy";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../../test/render";
import { TwoFactorRequiredCard } from "./two-factor-required-card";

const org = (name: string, twoFactorNeeded: boolean) =>
  ({
    tenantId: `t-${name}`,
    name,
    status: "active",
    requireTwoFactor: twoFactorNeeded,
    twoFactorNeeded,
  }) as TenantSummary;

/** The choice of organisations leads a member without two-factor sign-in to set it up. */
describe("an organisation that requires two-factor sign-in", () => {
  it("says which one, why, and leads to the set-up on the profile page", async () => {
    const { user } = await renderPage(
      <TwoFactorRequiredCard tenants={[org("Strict", true), org("Easy", false)]} />,
      {
        url: "/dashboard/tenants",
      },
    );
    const card = screen.getByTestId("two-factor-required-Strict");
    expect(card.textContent).toContain("“Strict” requires two-factor sign-in");
    expect(card.textContent).toContain("a stolen password alone cannot reach");
    expect(screen.queryByTestId("two-factor-required-Easy")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Set up two-factor sign-in" }));
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/profile");
  });

  it("shows nothing when every organisation can be opened", async () => {
    await renderPage(<TwoFactorRequiredCard tenants={[org("Easy", false)]} />, { url: "/dashboard/tenants" });
    expect(screen.queryByText(/requires two-factor sign-in/)).toBeNull();
  });
});
