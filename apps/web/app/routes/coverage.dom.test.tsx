import type { CoverageServiceView, CoverageView } from "@nc/contracts/coverage";
import { needsLiveLookup, SERVICES } from "@nc/contracts/services";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage, stubApi } from "../../test/render";
import type { Route } from "./+types/coverage";
import CoveragePage from "./coverage";

const service = (code: string, over: Partial<CoverageServiceView> = {}): CoverageServiceView =>
  ({
    service: code,
    available: "yes",
    priceMicros: "5000",
    currency: "EUR",
    stats: null,
    ...over,
  }) as CoverageServiceView;

/** GB measured (HLR), Germany with too few HLR look-ups and no MNP provider, France on the sandbox. */
const VIEW: CoverageView = {
  countries: [
    {
      country: "GB",
      callingCode: "44",
      services: SERVICES.map((s) =>
        s.code === "hlr"
          ? service("hlr", {
              priceMicros: "8500",
              stats: { periodHours: 168, lookups: 400, answeredShare: 0.975, medianLatencyMs: 300 },
            })
          : service(s.code),
      ),
    },
    {
      country: "DE",
      callingCode: "49",
      services: SERVICES.map((s) =>
        s.code === "hlr"
          ? service("hlr", {
              stats: { periodHours: 168, lookups: 3, answeredShare: null, medianLatencyMs: null },
            })
          : s.code === "mnp"
            ? service("mnp", { available: "no" })
            : service(s.code),
      ),
    },
    {
      country: "FR",
      callingCode: "33",
      services: SERVICES.map((s) => service(s.code, { available: "sample" })),
    },
  ],
};

async function openCoverage() {
  stubApi({ "GET /api/tenant/pub/coverage": () => VIEW });
  const props = { loaderData: { queries: undefined } } as unknown as Route.ComponentProps;
  const page = await renderPage(<CoveragePage {...props} />, { url: "/coverage" });
  await screen.findByTestId("coverage-table");
  return page;
}

const rows = () => screen.getAllByTestId(/^coverage-[A-Z]{2}$/).map((row) => row.dataset.testid);

describe("public coverage page", () => {
  it("lists countries by name with each service's availability, the brand's price and the week's figures", async () => {
    await openCoverage();
    // In the page's language's alphabetical order.
    expect(rows()).toEqual(["coverage-FR", "coverage-DE", "coverage-GB"]);
    const gb = screen.getByTestId("coverage-GB");
    expect(within(gb).getByText("United Kingdom")).toBeTruthy();
    expect(gb.textContent).toContain("+44 · GB");
    expect(gb.textContent).toContain("€0.0085 per number");
    expect(gb.textContent).toContain("97.5% answered · median 300 ms");

    const de = screen.getByTestId("coverage-DE");
    // Too few look-ups (HLR) or none (the other live services but MNP, not offered there): said so.
    const live = SERVICES.filter((s) => needsLiveLookup(s) && s.code !== "mnp");
    expect(within(de).getAllByText("Not enough data")).toHaveLength(live.length);
    expect(within(de).getByText("Not available")).toBeTruthy();
    const fr = screen.getByTestId("coverage-FR");
    expect(within(fr).getAllByText("Sample only")).toHaveLength(SERVICES.length);
    expect(fr.textContent).not.toContain("Not enough data");
  });

  it("filters the rows by country name, code or calling code as one types", async () => {
    const { user } = await openCoverage();
    const search = screen.getByLabelText("Find a country");
    await user.type(search, "germ");
    await expect.poll(rows).toEqual(["coverage-DE"]);
    expect(screen.getByText("1 country")).toBeTruthy();
    await user.clear(search);
    await user.type(search, "+33");
    await expect.poll(rows).toEqual(["coverage-FR"]);
    await user.clear(search);
    await user.type(search, "atlantis");
    await expect.poll(() => screen.queryByTestId("coverage-table")).toBeNull();
    expect(screen.getByText("No country matches “atlantis”.")).toBeTruthy();
  });
});
