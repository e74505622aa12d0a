/** Test-only builders for the engine results the fraud score reads. */
import type { BasicResult, HlrResult, MnpResult } from "../types";

export function basicResult(overrides: Partial<BasicResult> = {}): BasicResult {
  const e164 = overrides.e164 === undefined ? "+447911380429" : overrides.e164;
  return {
    e164,
    normalisation: {
      input: e164 ?? "",
      e164,
      defaultCountryUsed: null,
      steps: [],
      extension: null,
      invalidReason: e164 ? null : "not_a_number",
    },
    valid: true,
    possible: true,
    lineType: "mobile",
    country: { iso2: "GB", iso3: "GBR", dialCode: "44" },
    formats: null,
    originalCarrier: null,
    region: null,
    timeZones: [],
    possiblyPorted: false,
    qualifiesForHlr: true,
    source: "numbering_plan",
    checkedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function hlrResult(overrides: Partial<HlrResult> = {}): HlrResult {
  return {
    e164: "+447911380429",
    connectivity: "connected",
    error: null,
    currentNetwork: null,
    originalNetwork: null,
    roaming: { roaming: false, network: null, country: null },
    ported: false,
    source: "sandbox",
    provider: "sandbox",
    obtainedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function mnpResult(overrides: Partial<MnpResult> = {}): MnpResult {
  return {
    e164: "+447911380429",
    ported: "not_ported",
    currentNetwork: null,
    originalNetwork: null,
    source: "sandbox",
    provider: "sandbox",
    obtainedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

export function network(name: string | null, country: string | null = null) {
  return { name, mcc: null, mnc: null, country };
}
