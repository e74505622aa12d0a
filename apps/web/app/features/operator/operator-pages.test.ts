import { ALL_OPERATOR_PERMISSIONS } from "@nc/contracts/operator";
import { describe, expect, it } from "vitest";
import { mayOpen, OPERATOR_PAGES, operatorMenuPages, operatorPageForPath } from "./operator-pages";

const page = (key: string) => OPERATOR_PAGES.find((p) => p.key === key)!;

describe("operator console route table", () => {
  it("names only rights of the catalogue", () => {
    for (const p of OPERATOR_PAGES)
      if (p.permission) expect(ALL_OPERATOR_PERMISSIONS, p.key).toContain(p.permission);
  });

  it("finds the entry of a path, with parameters, and nothing for unknown paths", () => {
    expect(operatorPageForPath("/operator")?.key).toBe("overview");
    expect(operatorPageForPath("/operator/customers/5f0c1c1e-0000-4000-8000-000000000000")?.key).toBe(
      "customer",
    );
    expect(operatorPageForPath("/operator/nothing")).toBeUndefined();
  });

  it("an operator with only the money rights sees the overview and the money page", () => {
    const menu = operatorMenuPages(["operator.recharge:read", "operator.recharge:confirm"]);
    expect(menu.map((p) => p.key)).toEqual(["overview", "money", "moneySummary"]);
  });

  it("every right opens every page, and hidden pages stay out of the menu", () => {
    expect(operatorMenuPages(ALL_OPERATOR_PERMISSIONS).map((p) => p.key)).toEqual([
      "overview",
      "money",
      "moneySummary",
      "customers",
      "users",
      "partners",
      "prices",
      "providers",
      "operators",
      "audit",
    ]);
    expect(OPERATOR_PAGES.every((p) => mayOpen(p, ALL_OPERATOR_PERMISSIONS))).toBe(true);
  });

  it("a partner operator with partner and price rights gets those pages but not the platform's providers", () => {
    const menu = operatorMenuPages([
      "operator.partner:read",
      "operator.partner:update",
      "operator.price:read",
    ]);
    expect(menu.map((p) => p.key)).toEqual(["overview", "partners", "prices"]);
  });

  it("a customer's detail page needs the customer right, whatever else is held", () => {
    expect(mayOpen(page("customer"), ["operator.balance:adjust", "operator.audit:read"])).toBe(false);
    expect(mayOpen(page("customer"), ["operator.customer:read"])).toBe(true);
    expect(mayOpen(page("overview"), [])).toBe(true);
  });
});
