import type { BasicView, SingleCheckView } from "@nc/contracts/detection-single";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderPage } from "../../../../test/render";
import enDetection from "../../../i18n/locales/en/detection.json";
import enOperator from "../../../i18n/locales/en/operatorSetup.json";
import esDetection from "../../../i18n/locales/es/detection.json";
import esOperator from "../../../i18n/locales/es/operatorSetup.json";
import ptDetection from "../../../i18n/locales/pt/detection.json";
import ptOperator from "../../../i18n/locales/pt/operatorSetup.json";
import zhDetection from "../../../i18n/locales/zh-Hans/detection.json";
import zhOperator from "../../../i18n/locales/zh-Hans/operatorSetup.json";
import { CheckResult } from "./check-result";

const LOCALES = {
  en: { detection: enDetection, operatorSetup: enOperator },
  es: { detection: esDetection, operatorSetup: esOperator },
  pt: { detection: ptDetection, operatorSetup: ptOperator },
  "zh-Hans": { detection: zhDetection, operatorSetup: zhOperator },
};

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

function view(
  result: Partial<SingleCheckView["result"]>,
  sandbox = false,
  service: SingleCheckView["service"] = "fraud_shield",
): SingleCheckView {
  return {
    jobId: "j-1",
    service,
    result: {
      basic,
      hlr: null,
      mnp: null,
      lineType: null,
      simSwap: null,
      smsPumpingRisk: null,
      callerName: null,
      fraud: null,
      charged: true,
      sandbox,
      ...result,
    },
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

  it("shows the provider's line type and carrier; when it cannot tell, says so beside the plan's type", async () => {
    const lineType = {
      lineType: "non_fixed_voip",
      carrier: network("Sipgate"),
      source: "live",
      provider: "twilio",
      obtainedAt: "2026-11-01T00:00:00.000Z",
    };
    const { unmount } = await renderPage(<CheckResult view={view({ lineType })} />);
    expect(screen.getByTestId("detection-live-line-type").textContent).toBe("Non-fixed VoIP");
    expect(screen.getByText("Sipgate · 262-01 · DE")).toBeTruthy();
    expect(screen.queryByText(/could not tell/)).toBeNull();
    unmount();
    await renderPage(
      <CheckResult view={view({ lineType: { ...lineType, lineType: "unknown", carrier: null } })} />,
    );
    expect(screen.getByTestId("detection-live-line-type").textContent).toBe("Unknown");
    expect(
      screen.getByText("The provider could not tell the line type; the numbering plan says: Mobile."),
    ).toBeTruthy();
  });

  it("says whether the SIM changed within the period the provider checked, or that it could not tell", async () => {
    const simSwap = {
      swapped: true,
      lastSwapAt: null,
      withinHours: 48,
      carrier: network("Vodafone"),
      source: "live",
      provider: "twilio",
      obtainedAt: "2026-11-01T00:00:00.000Z",
    };
    const { unmount } = await renderPage(<CheckResult view={view({ simSwap })} />);
    expect(screen.getByTestId("detection-sim-swap").textContent).toBe("Changed within the last 48 hours");
    unmount();
    await renderPage(
      <CheckResult view={view({ simSwap: { ...simSwap, swapped: null, withinHours: null } })} />,
    );
    expect(screen.getByTestId("detection-sim-swap").textContent).toBe("The provider could not tell");
  });

  it("shows the SMS pumping risk score and the carrier's category, or that the provider could not tell", async () => {
    const smsPumpingRisk = {
      risk: { score: 61, carrierRisk: "moderate", blocked: false, blockedLast3Months: null, blockedAt: null },
      source: "live",
      provider: "twilio",
      obtainedAt: "2026-11-01T00:00:00.000Z",
    };
    const { unmount } = await renderPage(<CheckResult view={view({ smsPumpingRisk })} />);
    expect(screen.getByTestId("detection-sms-pumping-score").textContent).toBe("61");
    expect(screen.getByText("Moderate")).toBeTruthy();
    unmount();
    await renderPage(<CheckResult view={view({ smsPumpingRisk: { ...smsPumpingRisk, risk: null } })} />);
    expect(screen.getByTestId("detection-sms-pumping-score").textContent).toBe("The provider could not tell");
    expect(screen.getByText("Cannot tell")).toBeTruthy();
  });

  it("shows the caller name and the owner's type, or for a number outside the United States that it does not apply", async () => {
    const callerName = {
      name: "JANE SAMPLE",
      type: "consumer" as const,
      firstName: "Jane",
      lastName: "Sample",
      source: "live",
      provider: "vonage",
      obtainedAt: "2026-11-01T00:00:00.000Z",
    };
    const { unmount } = await renderPage(<CheckResult view={view({ callerName }, false, "caller_name")} />);
    expect(screen.getByTestId("detection-caller-name").textContent).toBe("JANE SAMPLE");
    expect(screen.getByText("Person")).toBeTruthy();
    expect(screen.getByText("Jane Sample")).toBeTruthy();
    unmount();
    // The German number of these tests, checked with the caller name: nothing asked, nothing charged.
    const foreign = await renderPage(
      <CheckResult view={view({ callerName: null, charged: false }, false, "caller_name")} />,
    );
    expect(screen.getByTestId("detection-caller-name").textContent).toBe(
      "Not applicable: caller names exist for United States numbers only (not charged)",
    );
    foreign.unmount();
    // Another service never shows the section.
    await renderPage(<CheckResult view={view({})} />);
    expect(screen.queryByTestId("detection-caller-name")).toBeNull();
  });

  it("marks an answer from the sandbox and says what it is in the customer's words", async () => {
    await renderPage(<CheckResult view={view({}, true)} />);
    expect(screen.getByTestId("detection-sandbox").textContent).toBe("Sandbox");
    expect(
      screen.getByText("Sample answer: no live network was asked, and nothing was charged."),
    ).toBeTruthy();
    // Setting up a provider is the operator's business, said on the operator's providers page only.
    expect(screen.queryByText(/look-up provider/i)).toBeNull();
    expect(screen.getByTestId("detection-cost").textContent).toBe("Charged: €0.00");
  });
});

describe("the sandbox's wording in every language", () => {
  // The verb of the operator's hint ("Configure a look-up provider…") in each language.
  const configure = { en: "Configure", es: "Configura", pt: "Configure", "zh-Hans": "配置" } as const;

  it("customers read what a sample answer is; only the operator console says how to get live answers", () => {
    for (const [locale, verb] of Object.entries(configure)) {
      const customer = LOCALES[locale as keyof typeof configure].detection.result.sandboxHelp;
      const operator = LOCALES[locale as keyof typeof configure].operatorSetup.providers.sandboxNote;
      expect(customer, locale).not.toContain(verb);
      expect(operator, locale).toContain(verb);
    }
  });
});
