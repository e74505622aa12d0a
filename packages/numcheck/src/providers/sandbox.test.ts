import { describe, expect, it } from "vitest";
import { LookupError } from "../types";
import { SandboxProvider, sandboxOutcome } from "./sandbox";
import { OUTCOME_BY_LAST_DIGIT, TEST_RANGES, testOutcome } from "./sandbox-numbers";

const sandbox = new SandboxProvider({ timeoutDelayMs: 20, now: () => new Date("2030-01-02T03:04:05Z") });

/** The documented numbers of SANDBOX.md: each country's example block, last digit 0-9. */
const blocks = TEST_RANGES.map((range) => ({
  country: range.country,
  numbers: OUTCOME_BY_LAST_DIGIT.map((_, digit) => `${range.example.slice(0, -1)}${digit}`),
}));

describe("sandbox documented test numbers", () => {
  it("documents the exact numbers of SANDBOX.md", () => {
    expect(blocks.map((b) => [b.country, b.numbers[0], b.numbers[9]])).toEqual([
      ["GB", "+447700900000", "+447700900009"],
      ["US", "+12025550100", "+12025550109"],
      ["FR", "+33639980000", "+33639980009"],
    ]);
    expect(testOutcome("+447700900123")).toBe("undetermined");
    expect(testOutcome("+447700800123")).toBeNull();
  });

  for (const { country, numbers } of blocks) {
    describe(country, () => {
      const [
        connected,
        absent,
        invalid,
        undetermined,
        roaming,
        ported,
        upstream,
        timeout,
        assumedNot,
        assumed,
      ] = numbers as [string, string, string, string, string, string, string, string, string, string];

      it("connected", async () => {
        const hlr = await sandbox.lookup("hlr", connected);
        expect(hlr).toMatchObject({
          e164: connected,
          connectivity: "connected",
          error: null,
          ported: false,
          roaming: { roaming: false, network: null, country: null },
          source: "sandbox",
          provider: "sandbox",
          obtainedAt: "2030-01-02T03:04:05.000Z",
        });
        expect(hlr.currentNetwork).toEqual(hlr.originalNetwork);
        expect(hlr.currentNetwork?.country).toBe(country);
        expect((await sandbox.lookup("mnp", connected)).ported).toBe("not_ported");
      });

      it("absent", async () => {
        const hlr = await sandbox.lookup("hlr", absent);
        expect(hlr.connectivity).toBe("absent");
        expect(hlr.error).toEqual({ code: 27, name: "absentSubscriber", permanent: false });
        expect(hlr.source).toBe("sandbox");
      });

      it("invalid", async () => {
        const hlr = await sandbox.lookup("hlr", invalid);
        expect(hlr.connectivity).toBe("invalid_msisdn");
        expect(hlr.error).toEqual({ code: 1, name: "unknownSubscriber", permanent: true });
        expect(hlr.currentNetwork).toBeNull();
        expect(hlr.ported).toBeNull();
        expect((await sandbox.lookup("mnp", invalid)).ported).toBe("unknown");
      });

      it("unknown (undetermined)", async () => {
        const hlr = await sandbox.lookup("hlr", undetermined);
        expect(hlr.connectivity).toBe("undetermined");
        expect(hlr.error).toEqual({ code: 34, name: "systemFailure", permanent: false });
        expect(hlr.roaming.roaming).toBeNull();
        expect((await sandbox.lookup("mnp", undetermined)).ported).toBe("unknown");
      });

      it("roaming", async () => {
        const hlr = await sandbox.lookup("hlr", roaming);
        expect(hlr.connectivity).toBe("connected");
        expect(hlr.roaming.roaming).toBe(true);
        expect(hlr.roaming.country).toMatch(/^(DE|FR)$/);
        expect(hlr.roaming.country).not.toBe(country);
        expect(hlr.roaming.network?.mcc).toMatch(/^\d{3}$/);
      });

      it("ported", async () => {
        const hlr = await sandbox.lookup("hlr", ported);
        expect(hlr.connectivity).toBe("connected");
        expect(hlr.ported).toBe(true);
        expect(hlr.currentNetwork).not.toEqual(hlr.originalNetwork);
        const mnp = await sandbox.lookup("mnp", ported);
        expect(mnp).toMatchObject({ ported: "ported", source: "sandbox", provider: "sandbox" });
        expect(mnp.currentNetwork).toEqual(hlr.currentNetwork);
      });

      it("upstream error", async () => {
        const error = await sandbox.lookup("hlr", upstream).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LookupError);
        expect(error).toMatchObject({ kind: "upstream", retryable: true });
        await expect(sandbox.lookup("mnp", upstream)).rejects.toMatchObject({ kind: "upstream" });
      });

      it("timeout, after the configured delay", async () => {
        const started = Date.now();
        const error = await sandbox.lookup("hlr", timeout).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LookupError);
        expect(error).toMatchObject({ kind: "timeout", retryable: true });
        expect(Date.now() - started).toBeGreaterThanOrEqual(15);
      });

      it("assumed (not) ported", async () => {
        expect((await sandbox.lookup("mnp", assumedNot)).ported).toBe("assumed_not_ported");
        expect((await sandbox.lookup("mnp", assumed)).ported).toBe("assumed_ported");
        expect((await sandbox.lookup("hlr", assumed)).ported).toBeNull();
      });
    });
  }
});

describe("sandbox behaviour", () => {
  it("a timeout number honours the abort signal before the delay", async () => {
    const slow = new SandboxProvider({ timeoutDelayMs: 60_000 });
    const controller = new AbortController();
    const reason = new LookupError("gave up", "timeout", true);
    setTimeout(() => controller.abort(reason), 5);
    await expect(slow.lookup("hlr", "+447700900007", { signal: controller.signal })).rejects.toBe(reason);
  });

  it("rejects what is not E.164", async () => {
    await expect(sandbox.lookup("hlr", "07700900000")).rejects.toMatchObject({
      kind: "rejected",
      retryable: false,
    });
  });

  it("is deterministic and plausible for any other number: mostly connected, some absent", async () => {
    const numbers = Array.from({ length: 2000 }, (_, i) => `+4915${String(10_000_000 + i * 7919)}`);
    const counts = new Map<string, number>();
    for (const n of numbers) {
      const first = await sandbox.lookup("hlr", n);
      const again = await sandbox.lookup("hlr", n);
      expect(again).toEqual(first);
      expect(first.source).toBe("sandbox");
      counts.set(first.connectivity, (counts.get(first.connectivity) ?? 0) + 1);
      if (first.connectivity === "connected") expect(first.currentNetwork?.country).toBe("DE");
    }
    expect(counts.get("connected")).toBeGreaterThan(1500);
    expect(counts.get("absent")).toBeGreaterThan(100);
    expect(counts.get("invalid_msisdn")).toBeGreaterThan(20);
    expect(counts.get("undetermined")).toBeGreaterThan(10);
    // Only the documented numbers fail: any other number always answers.
    expect(numbers.every((n) => !["upstream_error", "timeout"].includes(sandboxOutcome(n)))).toBe(true);
  });

  it("uses the ITU test network for countries it has no table entry for", async () => {
    const hlr = await sandbox.lookup("hlr", "+2348030000000");
    expect(hlr.originalNetwork).toMatchObject({ mcc: "001", country: null });
  });
});
