import { describe, expect, it } from "vitest";
import { fraudScore } from "./score";
import { basicResult, hlrResult, mnpResult, network } from "./test-factory";

const NOW = new Date("2026-11-22T10:00:00.000Z");

describe("fraudScore", () => {
  it("scores a clean mobile number 0, very_low, allow", () => {
    expect(fraudScore({ basic: basicResult() }, NOW)).toEqual({
      e164: "+447911380429",
      score: 0,
      level: "very_low",
      recommendation: "allow",
      reasons: [],
      enhanced: false,
      checkedAt: "2026-11-22T10:00:00.000Z",
    });
  });

  it("adds weights and sorts reasons by weight, highest first", () => {
    const r = fraudScore({ basic: basicResult({ lineType: "voip", valid: null }), velocity24h: 20 }, NOW);
    expect(r.reasons).toEqual([
      { code: "velocity_high", weight: 30 },
      { code: "voip_line", weight: 25 },
      { code: "unverified_number", weight: 20 },
    ]);
    expect(r.score).toBe(75);
  });

  it("gives each band and recommendation", () => {
    const cases = [
      [{ basic: basicResult({ lineType: "pager" }) }, 15, "very_low", "allow"],
      [{ basic: basicResult({ lineType: "voip" }) }, 25, "low", "allow"],
      [{ basic: basicResult({ e164: "+6745551234", country: null }) }, 45, "medium", "flag"],
      [{ basic: basicResult({ valid: false }) }, 60, "high", "flag"],
      [{ basic: basicResult({ lineType: "premium_rate" }), velocity24h: 20 }, 80, "very_high", "block"],
    ] as const;
    for (const [input, score, level, recommendation] of cases) {
      const r = fraudScore(input, NOW);
      expect([r.score, r.level, r.recommendation]).toEqual([score, level, recommendation]);
    }
  });

  it("blocks from 70 and caps the score at 100", () => {
    const r = fraudScore(
      {
        basic: basicResult({ e164: "+881631940275", lineType: "premium_rate", valid: false }),
        velocity24h: 500,
      },
      NOW,
    );
    expect(r.score).toBe(100);
    expect(r.level).toBe("very_high");
    expect(r.recommendation).toBe("block");
    expect(r.reasons.map((x) => x.code)).toEqual([
      "unallocated_number",
      "premium_rate_line",
      "velocity_extreme",
      "irsf_destination",
    ]);
  });

  it("scores input that is not a number", () => {
    const r = fraudScore({ basic: basicResult({ e164: null, valid: false, lineType: "unknown" }) }, NOW);
    expect(r).toMatchObject({ e164: null, score: 80, level: "very_high", recommendation: "block" });
  });

  describe("tenant lists", () => {
    const risky = { basic: basicResult({ lineType: "premium_rate" }), velocity24h: 100 };
    it("allow list overrides a blocking score", () => {
      const r = fraudScore({ ...risky, allowList: ["+447911380429"] }, NOW);
      expect(r.recommendation).toBe("allow");
      expect(r.score).toBe(100);
      expect(r.reasons.at(-1)).toEqual({ code: "allow_listed", weight: 0 });
    });
    it("allow list overrides the block list", () => {
      const r = fraudScore({ basic: basicResult(), blockList: ["+44"], allowList: ["+4479"] }, NOW);
      expect(r.recommendation).toBe("allow");
      expect(r.score).toBe(0);
      expect(r.reasons).toEqual([{ code: "allow_listed", weight: 0 }]);
    });
    it("block list forces block on a clean number", () => {
      const r = fraudScore({ basic: basicResult(), blockList: ["+447911380429"] }, NOW);
      expect(r).toMatchObject({ score: 100, level: "very_high", recommendation: "block" });
      expect(r.reasons).toEqual([{ code: "block_listed", weight: 100 }]);
    });
  });

  describe("enhanced", () => {
    it("is false without HLR/MNP and ignores enhanced-only signals then", () => {
      const r = fraudScore({ basic: basicResult({ e164: "+445680294713" }), hlr: null, mnp: null }, NOW);
      expect(r.enhanced).toBe(false);
      expect(r.reasons).toEqual([]);
    });
    it("adds absent, roaming abroad, ported and virtual signals", () => {
      const r = fraudScore(
        {
          basic: basicResult({ e164: "+445680294713" }),
          hlr: hlrResult({
            connectivity: "absent",
            roaming: { roaming: true, network: null, country: "ES" },
            currentNetwork: network("Twilio"),
          }),
          mnp: mnpResult({ ported: "assumed_ported" }),
        },
        NOW,
      );
      expect(r.enhanced).toBe(true);
      expect(r.reasons).toEqual([
        { code: "subscriber_absent", weight: 20 },
        { code: "virtual_range", weight: 20 },
        { code: "virtual_network", weight: 20 },
        { code: "roaming_abroad", weight: 15 },
        { code: "ported", weight: 10 },
      ]);
      expect(r).toMatchObject({ score: 85, level: "very_high", recommendation: "block" });
    });
    it("is true with MNP only, and a clean enhanced result stays 0", () => {
      const r = fraudScore({ basic: basicResult(), mnp: mnpResult() }, NOW);
      expect(r).toMatchObject({ enhanced: true, score: 0, recommendation: "allow" });
    });
  });
});
