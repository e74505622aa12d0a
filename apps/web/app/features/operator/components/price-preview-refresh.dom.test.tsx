import type { OperatorPriceList, OperatorPricePreview, PriceListQuery } from "@nc/contracts/operator";
import { SERVICE_CODES } from "@nc/contracts/prices";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { operatorMe } from "../../../../test/operator-me";
import { callsTo, confirmPopover, renderPage, stubApi } from "../../../../test/render";
import OperatorPricesPage from "../../../routes/operator/prices";
import { PriceBandForm } from "./price-band-form";
import { PriceBandsTable } from "./price-bands-table";
import { PricePreviewTable } from "./price-preview-table";

const TENANT = "0b7c4c1e-6f1a-4c1e-9a55-2f0d7c1e4a10";
const LIST: PriceListQuery = { scope: "special", tenantId: TENANT };

/** What the organisation pays for each service at a unit price in micros (USD). */
function previewAt(unitMicros: number): OperatorPricePreview {
  return {
    tenantId: TENANT,
    rows: SERVICE_CODES.map((service) => ({
      service,
      quotes: [1, 10_000, 1_000_000].map((quantity) => ({
        service,
        quantity,
        monthlyVolume: 0,
        band: 0,
        source: "special" as const,
        currency: "USD",
        unitPriceMicros: String(unitMicros),
        totalMicros: String(unitMicros * quantity),
      })),
    })),
  };
}

function listAt(unitMicros: number | null): OperatorPriceList {
  const bands = unitMicros === null ? [] : [{ minMonthlyVolume: 0, priceMicros: String(unitMicros) }];
  return {
    scope: "special",
    partnerId: null,
    tenantId: TENANT,
    defaultCurrency: "USD",
    services: bands.length ? [{ service: SERVICE_CODES[0], currency: "USD", bands }] : [],
  };
}

const STANDARD = 5_000;
const OWN = 12_300;

/**
 * The prices page's bands, form and preview of one organisation, on an API that answers the new
 * prices at once: the organisation's own price (0.0123) or, without it, the standard one (0.005).
 */
async function openPrices(own: boolean) {
  let unit = own ? OWN : STANDARD;
  const calls = stubApi({
    "GET /api/operator/prices/preview": () => previewAt(unit),
    "POST /api/operator/prices": () => {
      unit = OWN;
      return listAt(unit);
    },
    "POST /api/operator/prices/remove": () => {
      unit = STANDARD;
      return listAt(null);
    },
  });
  const current = listAt(own ? OWN : null);
  const page = await renderPage(
    <>
      <PriceBandsTable
        list={LIST}
        current={current}
        loading={false}
        error={null}
        mayUpdate
        onChoose={() => {}}
      />
      <PriceBandForm list={LIST} current={current} chosen={null} />
      <PricePreviewTable tenantId={TENANT} />
    </>,
    { url: "/operator/prices" },
  );
  const preview = await screen.findByTestId("price-preview");
  await vi.waitFor(() => expect(preview.textContent).toContain(own ? "$123.00" : "$50.00"));
  return { ...page, preview, calls };
}

describe("price preview after a change", () => {
  it("a saved price shows in the preview at once, with no reload", async () => {
    const { user, preview, calls } = await openPrices(false);
    await user.type(screen.getByTestId("band-price"), "0.0123");
    await user.click(screen.getByTestId("band-submit"));
    await vi.waitFor(() => expect(preview.textContent).toContain("$123.00"));
    expect(callsTo(calls, "GET /api/operator/prices/preview")).toHaveLength(2);
  });

  it("a removed price leaves the preview at once, with no reload", async () => {
    const { user, preview } = await openPrices(true);
    await user.click(screen.getByTestId(`band-remove-${SERVICE_CODES[0]}-0`));
    await confirmPopover(user, "Remove");
    await vi.waitFor(() => expect(preview.textContent).toContain("$50.00"));
    expect(preview.textContent).not.toContain("$123.00");
  });

  it("on the prices page itself, a saved price reaches the preview with no reload", async () => {
    let unit = STANDARD;
    stubApi({
      "GET /api/operator/me": () => operatorMe("platform"),
      [`GET /api/operator/customers/${TENANT}`]: () => ({ id: TENANT, name: "Sina Co" }),
      "GET /api/operator/prices": () => listAt(unit === STANDARD ? null : unit),
      "GET /api/operator/prices/preview": () => previewAt(unit),
      "POST /api/operator/prices": () => {
        unit = OWN;
        return listAt(unit);
      },
    });
    const { user } = await renderPage(<OperatorPricesPage />, {
      url: `/operator/prices?scope=special&tenantId=${TENANT}`,
      pattern: "/operator/prices",
    });
    const preview = await screen.findByTestId("price-preview");
    await vi.waitFor(() => expect(preview.textContent).toContain("$50.00"));
    await user.type(await screen.findByTestId("band-price"), "0.0123");
    await user.click(screen.getByTestId("band-submit"));
    await vi.waitFor(() => expect(screen.getByTestId("price-bands").textContent).toContain("$0.0123"));
    await vi.waitFor(() => expect(screen.getByTestId("price-preview").textContent).toContain("$123.00"));
  });

  it("a price saved while the preview's first answer is still on its way: the preview asks again", async () => {
    let unit = STANDARD;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let first = true;
    const calls = stubApi({
      // The first preview is read before the save and answers only after it.
      "GET /api/operator/prices/preview": async () => {
        const read = unit;
        if (first) {
          first = false;
          await held;
        }
        return previewAt(read);
      },
      "POST /api/operator/prices": () => {
        unit = OWN;
        return listAt(unit);
      },
    });
    const { user } = await renderPage(
      <>
        <PriceBandForm list={LIST} current={listAt(null)} chosen={null} />
        <PricePreviewTable tenantId={TENANT} />
      </>,
      { url: "/operator/prices" },
    );
    await user.type(screen.getByTestId("band-price"), "0.0123");
    await user.click(screen.getByTestId("band-submit"));
    await vi.waitFor(() => expect(callsTo(calls, "POST /api/operator/prices")).toHaveLength(1));
    release();
    await vi.waitFor(() => expect(screen.getByTestId("price-preview").textContent).toContain("$123.00"));
  });
});
