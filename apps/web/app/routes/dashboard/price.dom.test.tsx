import type { PriceOverview, ServicePriceView } from "@nc/contracts/prices";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, stubApi, tenantWith } from "../../../test/render";
import PricePage from "./price";

const list = (basic: string, hlr: string): ServicePriceView[] => [
  { service: "basic", currency: "USD", bands: [{ minMonthlyVolume: 0, priceMicros: basic }] },
  { service: "hlr", currency: "USD", bands: [{ minMonthlyVolume: 0, priceMicros: hlr }] },
];
const STANDARD = list("2000", "10000");

async function openPrices(overview: PriceOverview) {
  stubApi({ "GET /api/tenant/price": () => overview });
  await renderPage(<PricePage />, { url: "/dashboard/price", root: { tenant: tenantWith(["*"]) } });
  return screen.findByTestId("price-effective");
}

describe("prices page", () => {
  it("shows one list when the standard list is what the organisation pays, saying so once", async () => {
    const own = await openPrices({
      effective: {
        services: STANDARD.map((p) => ({ ...p, source: "standard" })),
        monthlyVolume: { basic: 10 },
      },
      standard: STANDARD,
      partner: [],
    });
    expect(screen.getByText(/Unless marked, they are the standard prices\./)).toBeTruthy();
    expect(within(own).queryByText("Standard price")).toBeNull();
    // The standard list repeats what is above, and the partner list is empty: neither is shown.
    expect(screen.queryByTestId("price-standard")).toBeNull();
    expect(screen.queryByTestId("price-partner")).toBeNull();
  });

  it("marks only the service priced from another list, and keeps a standard list that differs", async () => {
    const own = await openPrices({
      effective: {
        services: [
          { ...STANDARD[0]!, source: "standard" },
          { ...list("2000", "8000")[1]!, source: "special" },
          { service: "mnp", currency: "USD", bands: STANDARD[0]!.bands, source: "standard" },
        ],
        monthlyVolume: {},
      },
      standard: STANDARD,
    });
    expect(within(own).getAllByText("Your special price")).toHaveLength(1);
    const marked = within(own).getByText("Your special price").closest("td") as HTMLElement;
    expect(marked.textContent).toContain("HLR");
    expect(screen.getByTestId("price-standard")).toBeTruthy();
  });
});
