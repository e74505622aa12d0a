import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, Refusal, renderPage, stubApi, tenantWith } from "../../../../test/render";
import { TenantSecuritySection } from "./tenant-security-section";

async function open(isSuper: boolean, answer: () => unknown = () => ({})) {
  const calls = stubApi({ "POST /api/tenant/s/t-1/security": answer });
  const page = await renderPage(<TenantSecuritySection />, {
    url: "/dashboard/tenant?tab=settings",
    pattern: "/dashboard/tenant",
    root: { tenant: tenantWith(["tenant:update"], isSuper) },
  });
  return { ...page, calls };
}

/** The organisation's sign-in rules on its settings tab (docs/security.md, "Two-factor sign-in for every member"). */
describe("the organisation's sign-in rules", () => {
  it("lets an Owner require two-factor sign-in and let keys of members without it keep working", async () => {
    const { user, calls } = await open(true, () => ({ requireTwoFactor: true, keysWithoutTwoFactor: true }));
    const keys = screen.getByRole("switch", {
      name: "API keys of members without two-factor sign-in keep working",
    });
    // The second switch only means something while the rule is on.
    expect(keys.hasAttribute("disabled")).toBe(true);
    await user.click(screen.getByRole("switch", { name: "Require two-factor sign-in for every member" }));
    expect(keys.hasAttribute("disabled")).toBe(false);
    await user.click(keys);
    await user.click(screen.getByTestId("save-security"));
    expect(await screen.findByText("Sign-in rules saved.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/s/t-1/security")[0]?.body).toEqual({
      requireTwoFactor: true,
      keysWithoutTwoFactor: true,
    });
  });

  it("says why the server refused: the Owner's own two-factor sign-in comes first", async () => {
    const message = "Turn on two-factor sign-in for your own account first.";
    const { user } = await open(true, () => new Refusal(ERRORS.twoFactorNeededToRequire.code, message));
    await user.click(screen.getByRole("switch", { name: "Require two-factor sign-in for every member" }));
    await user.click(screen.getByTestId("save-security"));
    expect(await screen.findByText(message)).toBeTruthy();
  });

  it("is not shown to anyone but an Owner", async () => {
    await open(false);
    expect(screen.queryByText("Sign-in rules")).toBeNull();
    expect(screen.queryByTestId("require-two-factor")).toBeNull();
  });
});
