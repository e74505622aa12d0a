import type { BasicView, SingleCheckView } from "@nc/contracts/detection-single";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../../test/render";
import { CheckResult } from "./check-result";

/** A German mobile number, read without surprises; only what the card shows is filled in. */
const basic = {
  e164: "+4915112345678",
  valid: true,
  lineType: "mobile",
  country: { iso2: "DE", iso3: "DEU", dialCode: "49" },
  formats: null,
  originalCarrier: null,
  region: null,
  normalisation: { invalidReason: null, defaultCountryUsed: null, steps: [] },
} as unknown as BasicView;

const network = (name: string) => ({ name, mcc: "262", mnc: "01", country: "DE" });

function view(result: Partial<SingleCheckView["result"]>, sandbox = false): SingleCheckView {
  return {
    jobId: "j-1",
    service: "fraud_shield",
    result: { basic, hlr: null, mnp: null, fraud: null, charged: true, sandbox, ...result },
    costMicros: "0",
    currency: "EUR",
    sandbox,
  };
}

describe("check result", () => {
  it("scores fraud risk with its level, recommendation and each reason's signed weight", async () => {
    await renderPage(
      <CheckResult
        view={view({
          fraud: {
            score: 82,
            level: "very_high",
            recommendation: "block",
            reasons: [
              { code: "irsf_destination", weight: 40 },
              { code: "repeated_digits", weight: -5 },
            ],
            enhanced: false,
          },
        })}
      />,
    );
    const fraud = screen.getByTestId("detection-fraud");
    expect(within(fraud).getByRole("progressbar", { name: "Fraud risk" }).getAttribute("aria-valuenow")).toBe(
      "82",
    );
    expect(within(fraud).getByText("Very high")).toBeTruthy();
    expect(within(fraud).getByText("Block")).toBeTruthy();
    const reasons = within(fraud)
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(reasons).toHaveLength(2);
    expect(reasons[0]).toMatch(/\(\+40\)$/);
    expect(reasons[1]).toMatch(/\(-5\)$/);
  });

  it("says when the fraud check found no signals", async () => {
    await renderPage(
      <CheckResult
        view={view({
          fraud: { score: 3, level: "very_low", recommendation: "allow", reasons: [], enhanced: false },
        })}
      />,
    );
    expect(screen.getByText("No risk signals found.")).toBeTruthy();
    expect(screen.getByText("Allow")).toBeTruthy();
  });

  it("names the country from its code, and the portability answer with both networks", async () => {
    await renderPage(
      <CheckResult
        view={view({
          mnp: {
            ported: "ported",
            currentNetwork: network("Telefónica"),
            originalNetwork: network("Telekom"),
            source: "live",
            provider: "sandbox",
            obtainedAt: "2026-11-01T00:00:00.000Z",
          },
        })}
      />,
    );
    expect(screen.getByText("Germany (DE) +49")).toBeTruthy();
    expect(screen.getByTestId("detection-ported").textContent).toBe("Ported");
    expect(screen.getByText("Telefónica · 262-01 · DE")).toBeTruthy();
    expect(screen.getByText("Telekom · 262-01 · DE")).toBeTruthy();
    expect(screen.queryByTestId("detection-fraud")).toBeNull();
  });

  it("marks an answer from the sandbox and explains it", async () => {
    await renderPage(<CheckResult view={view({}, true)} />);
    expect(screen.getByTestId("detection-sandbox").textContent).toBe("Sandbox");
    expect(screen.getByText(/test answers, free of charge/)).toBeTruthy();
    expect(screen.getByTestId("detection-cost").textContent).toBe("Charged: €0.00");
  });
});
