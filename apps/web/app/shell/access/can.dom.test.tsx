import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, tenantWith } from "../../../test/render";
import { Can } from "./can";

const guarded = (permissions: string[]) => (
  <>
    <Can permissions={permissions}>
      <button type="button">Recharge</button>
    </Can>
    <p>always shown</p>
  </>
);

describe("Can", () => {
  it.each([
    ["the exact permission", ["recharge:create"], true],
    ["the whole resource", ["recharge:*"], true],
    ["the action on every resource", [":create"], true],
    ["another action of the resource", ["recharge:read"], false],
    ["another resource", ["apikey:create"], false],
  ])("with %s the control shows: %s", async (_, held, shown) => {
    await renderPage(guarded(["recharge:create"]), { root: { tenant: tenantWith(held) } });
    screen.getByText("always shown");
    expect(screen.queryByRole("button", { name: "Recharge" }) !== null).toBe(shown);
  });

  it("any one of several permissions is enough", async () => {
    await renderPage(guarded(["account:read", "recharge:create"]), {
      root: { tenant: tenantWith(["recharge:create"]) },
    });
    expect(screen.getByRole("button", { name: "Recharge" })).toBeTruthy();
  });

  it("a super role sees everything, but nothing is shown without an organisation or a permission to ask for", async () => {
    await renderPage(guarded(["recharge:create"]), { root: { tenant: tenantWith([], true) } });
    expect(screen.getByRole("button", { name: "Recharge" })).toBeTruthy();
    await renderPage(guarded(["recharge:create"]), { root: { tenant: null } });
    await renderPage(guarded([]), { root: { tenant: tenantWith([], true) } });
    expect(screen.getAllByRole("button", { name: "Recharge" })).toHaveLength(1);
  });
});
