import type { SingleCheckResultView } from "@nc/contracts/detection-single";
import { basicCheck } from "@nc/numcheck/basic-check";
import { type CountryCode, getCountries, getExampleNumber } from "libphonenumber-js/max";
import examples from "libphonenumber-js/mobile/examples";
import { describe, expect, it } from "vitest";
import { packResult, unpackResult } from "../detection/index";
import { defaultProcessor } from "./process-item";

const processor = defaultProcessor();

/**
 * Inputs the way files hold them, for every region: its example mobile in E.164, written
 * nationally with the region as default country, with a label, one digit short (invalid but
 * parsed), in a global-service range, and as text that is no number.
 */
function inputs(): { input: string; defaultCountry?: string }[] {
  const out: { input: string; defaultCountry?: string }[] = [];
  for (const region of getCountries() as CountryCode[]) {
    const example = getExampleNumber(region, examples);
    if (!example) continue;
    out.push({ input: example.number });
    out.push({ input: example.formatNational(), defaultCountry: region });
    out.push({ input: `Tel: ${example.formatInternational()} (mobile)` });
    out.push({ input: example.number.slice(0, -1) });
  }
  out.push({ input: "+80012345678" }, { input: "+12015550123" }, { input: "hello" }, { input: "" });
  return out;
}

/** The view as a chunk stores it and reads it back: through JSON, as the chunk's bytes are. */
function roundTrip(view: SingleCheckResultView): SingleCheckResultView {
  const stored = JSON.parse(JSON.stringify(packResult(view)));
  return unpackResult(stored, view.basic.e164);
}

describe("results packed for a chunk of items", () => {
  // The services answered while a file is read, whose results chunks hold.
  for (const service of ["basic", "fraud_shield"] as const) {
    it(`reads back every ${service} result as the same view, key for key`, () => {
      let packed = 0;
      let views = 0;
      let withNumber = 0;
      for (const { input, defaultCountry } of inputs()) {
        const view = processor.offline!(service, basicCheck(input, { defaultCountry }));
        if (!view) continue;
        views++;
        if (view.basic.e164 !== null) withNumber++;
        if (Array.isArray(packResult(view))) packed++;
        // Same JSON text: the same values in the same key order as the view served before.
        expect(JSON.stringify(roundTrip(view))).toBe(JSON.stringify(view));
      }
      // Every result with a number is packed; those without one (no number read) are not.
      expect(views).toBeGreaterThan(900);
      expect(withNumber).toBeGreaterThan(800);
      expect(packed).toBe(withNumber);
    });
  }

  it("keeps a result with a velocity-scored fraud answer exact", () => {
    const view = processor.offline!("fraud_shield", basicCheck("+4915112000001"), undefined, false, 40)!;
    expect(view.fraud?.reasons.length).toBeGreaterThan(0);
    expect(roundTrip(view)).toEqual(view);
  });

  it("stores a result of another shape as it is", () => {
    const basic = processor.offline!("basic", basicCheck("+4915112000001"))!;
    const live: SingleCheckResultView = {
      ...basic,
      hlr: {
        connectivity: "connected",
        error: null,
        currentNetwork: { name: "Vodafone", mcc: "262", mnc: "02", country: "DE" },
      } as SingleCheckResultView["hlr"],
    };
    expect(packResult(live)).toBe(live);
    // Read back as a customer reads it: no provider named (docs/providers.md, "What customers see").
    expect(roundTrip(live)).toEqual({ ...live, hlr: { ...live.hlr, provider: "live" } });
    const noNetworkName = {
      ...basic,
      basic: { ...basic.basic, originalCarrier: { name: null, mcc: "262", mnc: "01", country: "DE" } },
    };
    expect(packResult(noNetworkName)).toBe(noNetworkName);
  });

  it("stores a line-type answer as it is; a result stored before that kind existed reads it as null", () => {
    const basic = processor.offline!("basic", basicCheck("+442079460123"))!;
    const lineType = {
      lineType: "fixed_line",
      carrier: { name: "BT", mcc: null, mnc: null, country: "GB" },
      source: "live",
      provider: "vonage",
      obtainedAt: "2026-11-01T00:00:00.000Z",
    };
    const live: SingleCheckResultView = { ...basic, lineType };
    expect(packResult(live)).toBe(live);
    expect(roundTrip(live)).toEqual({ ...live, lineType: { ...lineType, provider: "live" } });
    const { lineType: _none, ...older } = { ...basic, hlr: live.hlr ?? { connectivity: "connected" } };
    const read = unpackResult(JSON.parse(JSON.stringify(older)), basic.basic.e164);
    expect(read.lineType).toBeNull();
    expect(read.hlr).toEqual({ connectivity: "connected", provider: "live" });
  });

  it("keeps a result stored before the steps of reading were recorded without them", () => {
    const view = processor.offline!("basic", basicCheck("+4915112000001"))!;
    const { steps: _steps, ...older } = view.basic.normalisation;
    const old = { ...view, basic: { ...view.basic, normalisation: older } };
    expect(JSON.stringify(roundTrip(old))).toBe(JSON.stringify(old));
  });
});
