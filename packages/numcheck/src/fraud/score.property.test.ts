import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { BasicResult, Connectivity, HlrResult, LineType, MnpResult, PortedStatus } from "../types";
import { levelFor, recommendationFor } from "./levels";
import { fraudScore } from "./score";
import { basicResult, hlrResult, mnpResult } from "./test-factory";

const LINE_TYPES: LineType[] = [
  "mobile",
  "fixed_line",
  "fixed_line_or_mobile",
  "voip",
  "toll_free",
  "premium_rate",
  "shared_cost",
  "uan",
  "personal",
  "pager",
  "voicemail",
  "unknown",
];
const CONNECTIVITY: Connectivity[] = ["connected", "absent", "invalid_msisdn", "undetermined"];
const PORTED: PortedStatus[] = ["ported", "not_ported", "assumed_ported", "assumed_not_ported", "unknown"];

const digits = fc.string({ unit: fc.constantFrom(..."0123456789".split("")), minLength: 1, maxLength: 15 });
const e164 = fc.oneof(
  digits.map((d) => `+${d}`),
  fc.constantFrom("+881612345678", "+5351234567", "+445612345678", "+447777777777", "+441234567890"),
  fc.string(),
  fc.constant(null),
);
const triState = fc.constantFrom(true as const, false as const, null);
const country = fc.option(
  fc.record({ iso2: fc.string({ maxLength: 3 }), iso3: fc.string({ maxLength: 3 }), dialCode: fc.string() }),
);
const net = fc.option(
  fc.record({
    name: fc.option(fc.oneof(fc.string(), fc.constant("Twilio"))),
    mcc: fc.constant(null),
    mnc: fc.constant(null),
    country: fc.option(fc.string({ maxLength: 3 })),
  }),
);

const basic: fc.Arbitrary<BasicResult> = fc
  .record({ e164, valid: triState, lineType: fc.constantFrom(...LINE_TYPES), country })
  .map((o) => basicResult(o));
const hlr: fc.Arbitrary<HlrResult | null | undefined> = fc.option(
  fc
    .record({
      connectivity: fc.constantFrom(...CONNECTIVITY),
      ported: triState,
      currentNetwork: net,
      roaming: fc.record({
        roaming: triState,
        network: net,
        country: fc.option(fc.string({ maxLength: 3 })),
      }),
    })
    .map((o) => hlrResult(o)),
  { nil: undefined },
);
const mnp: fc.Arbitrary<MnpResult | null | undefined> = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.record({ ported: fc.constantFrom(...PORTED), currentNetwork: net }).map((o) => mnpResult(o)),
);
const list = fc.option(
  fc.array(
    fc.oneof(
      fc.string(),
      digits.map((d) => `+${d.slice(0, 4)}`),
    ),
    { maxLength: 5 },
  ),
  { nil: undefined },
);
const velocity = fc.option(fc.oneof(fc.integer({ min: -10, max: 1000 }), fc.double()), { nil: undefined });

describe("fraudScore properties", () => {
  it("never throws; score in 0..100; level and recommendation consistent", () => {
    fc.assert(
      fc.property(basic, hlr, mnp, velocity, list, list, (b, h, m, v, blockList, allowList) => {
        const r = fraudScore({ basic: b, hlr: h, mnp: m, velocity24h: v, blockList, allowList });
        expect(Number.isInteger(r.score)).toBe(true);
        expect(r.score).toBeGreaterThanOrEqual(0);
        expect(r.score).toBeLessThanOrEqual(100);
        expect(r.level).toBe(levelFor(r.score));
        expect(r.enhanced).toBe(h != null || m != null);
        const codes = r.reasons.map((x) => x.code);
        if (codes.includes("allow_listed")) expect(r.recommendation).toBe("allow");
        else if (codes.includes("block_listed")) expect(r.recommendation).toBe("block");
        else expect(r.recommendation).toBe(recommendationFor(r.score));
        for (let i = 1; i < r.reasons.length; i++) {
          expect(r.reasons[i - 1]!.weight).toBeGreaterThanOrEqual(r.reasons[i]!.weight);
        }
      }),
      { numRuns: 500 },
    );
  });
});
