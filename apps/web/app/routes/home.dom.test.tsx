import type { VisitorPricesView } from "@nc/contracts/coverage";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, stubApi } from "../../test/render";
import type { Route } from "./+types/home";
import HomePage from "./home";

const bands = (...micros: string[]) =>
  micros.map((priceMicros, i) => ({ minMonthlyVolume: [0, 100_000, 1_000_000][i]!, priceMicros }));

async function openHome(view: VisitorPricesView) {
  stubApi({ "GET /api/tenant/pub/prices": () => view });
  const props = { loaderData: { queries: undefined } } as unknown as Route.ComponentProps;
  return renderPage(<HomePage {...props} />, { url: "/" });
}

describe("home page: how pricing works", () => {
  it("shows the brand's price per number for each service and volume band", async () => {
    await openHome({
      services: [
        { service: "basic", currency: "EUR", bands: bands("1000", "800", "600") },
        { service: "hlr", currency: "EUR", bands: bands("8500", "6500", "5000") },
      ],
    });
    const table = await screen.findByRole("table", { name: /Prices per number/ });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual([
      "Service",
      "From the first number",
      "From 100,000 a month",
      "From 1,000,000 a month",
    ]);
    const hlr = within(table).getByRole("row", { name: /HLR/ });
    expect(
      within(hlr)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["€0.0085", "€0.0065", "€0.005"]);
  });

  it("lists each service's own bands in one cell when the services' bands differ", async () => {
    await openHome({
      services: [
        { service: "basic", currency: "USD", bands: bands("1000", "800") },
        { service: "hlr", currency: "USD", bands: [{ minMonthlyVolume: 0, priceMicros: "9000" }] },
      ],
    });
    const table = await screen.findByRole("table", { name: /Prices per number/ });
    const hlr = within(table).getByRole("row", { name: /HLR/ });
    expect(within(hlr).getByRole("cell").textContent).toBe("From the first number: $0.009");
  });

  it("shows no price table when the list cannot be read, rather than figures of another brand", async () => {
    stubApi({ "GET /api/tenant/pub/prices": () => Promise.reject(new Error("down")) });
    const props = { loaderData: { queries: undefined } } as unknown as Route.ComponentProps;
    await renderPage(<HomePage {...props} />, { url: "/" });
    await screen.findByRole("heading", { name: "Pay per number, nothing else" });
    expect(screen.queryByRole("table")).toBeNull();
  });
});
