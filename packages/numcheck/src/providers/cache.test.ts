import { describe, expect, it, vi } from "vitest";
import { type HlrResult, type MnpResult, providerFrom } from "../types";
import { cached, MemoryLookupCache } from "./cache";
import { SandboxProvider } from "./sandbox";

const HOUR = 3_600_000;

function fakeUpstream(connectivity: HlrResult["connectivity"] = "connected") {
  let calls = 0;
  const hlr = vi.fn(async (e164: string): Promise<HlrResult> => {
    calls++;
    return {
      e164,
      connectivity,
      error: null,
      currentNetwork: null,
      originalNetwork: null,
      roaming: { roaming: false, network: null, country: null },
      ported: false,
      source: "live",
      provider: "fake",
      obtainedAt: `call-${calls}`,
    };
  });
  const mnp = vi.fn(
    async (e164: string): Promise<MnpResult> => ({
      e164,
      ported: "not_ported",
      currentNetwork: null,
      originalNetwork: null,
      source: "live",
      provider: "fake",
      obtainedAt: "mnp",
    }),
  );
  return Object.assign(
    providerFrom({ name: "fake", sandbox: false, answers: ["hlr", "mnp"] }, { hlr, mnp }),
    {
      hlr,
      mnp,
    },
  );
}

describe("cached provider", () => {
  it("answers a second look-up from the cache, marked 'cache', keeping when it was obtained", async () => {
    const upstream = fakeUpstream();
    const provider = cached(upstream, new MemoryLookupCache());
    const first = await provider.lookup("hlr", "+4915112345678");
    const second = await provider.lookup("hlr", "+4915112345678");
    expect(first.source).toBe("live");
    expect(second).toEqual({ ...first, source: "cache" });
    expect(second.obtainedAt).toBe("call-1");
    expect(upstream.hlr).toHaveBeenCalledTimes(1);
  });

  it("keeps one namespace per service", async () => {
    const upstream = fakeUpstream();
    const provider = cached(upstream, new MemoryLookupCache());
    await provider.lookup("hlr", "+4915112345678");
    expect((await provider.lookup("mnp", "+4915112345678")).source).toBe("live");
    expect((await provider.lookup("mnp", "+4915112345678")).source).toBe("cache");
    expect(upstream.mnp).toHaveBeenCalledTimes(1);
  });

  it("asks afresh for a look-up that needs signals its provider can give, and keeps the answer", async () => {
    const upstream = Object.assign(fakeUpstream(), { answers: ["hlr", "mnp", "sim_swap"] as const });
    const provider = cached(upstream, new MemoryLookupCache());
    await provider.lookup("hlr", "+4915112345678");
    const withSignals = await provider.lookup("hlr", "+4915112345678", { signals: ["sim_swap"] });
    expect(withSignals.source).toBe("live");
    expect((await provider.lookup("hlr", "+4915112345678")).obtainedAt).toBe("call-2");
    // Nor is an MNP look-up, whose answer carries no signals, nor a signal no provider gives.
    await provider.lookup("mnp", "+4915112345678");
    expect((await provider.lookup("mnp", "+4915112345678", { signals: ["sim_swap"] })).source).toBe("cache");
    expect((await provider.lookup("hlr", "+4915112345678", { signals: ["call_forwarding"] })).source).toBe(
      "cache",
    );
    expect(upstream.hlr).toHaveBeenCalledTimes(2);
  });

  it("never answers a SIM swap from the cache, nor keeps one: it is news of the last hours", async () => {
    const simSwap = vi.fn(async (e164: string) => ({
      e164,
      swapped: false,
      lastSwapAt: null,
      withinHours: 24,
      carrier: null,
      source: "live" as const,
      provider: "fake",
      obtainedAt: "now",
    }));
    const upstream = providerFrom(
      { name: "fake", sandbox: false, answers: ["sim_swap"] },
      { sim_swap: simSwap },
    );
    const store = new MemoryLookupCache();
    const provider = cached(upstream, store);
    await provider.lookup("sim_swap", "+4915112345678");
    expect((await provider.lookup("sim_swap", "+4915112345678")).source).toBe("live");
    expect(simSwap).toHaveBeenCalledTimes(2);
    expect(await store.get("sim_swap", "+4915112345678", new Date(0))).toBeNull();
  });

  it("can be bypassed per call, and the fresh answer replaces the cached one", async () => {
    const upstream = fakeUpstream();
    const provider = cached(upstream, new MemoryLookupCache());
    await provider.lookup("hlr", "+4915112345678");
    const fresh = await provider.lookup("hlr", "+4915112345678", { bypassCache: true });
    expect(fresh).toMatchObject({ source: "live", obtainedAt: "call-2" });
    expect(await provider.lookup("hlr", "+4915112345678")).toMatchObject({
      source: "cache",
      obtainedAt: "call-2",
    });
  });

  it("expires answers older than the max age (default 24 h, configurable, per call)", async () => {
    let now = new Date("2030-01-01T00:00:00Z").getTime();
    const upstream = fakeUpstream();
    const provider = cached(upstream, new MemoryLookupCache(), { now: () => new Date(now) });
    await provider.lookup("hlr", "+4915112345678");
    now += 24 * HOUR - 1;
    expect((await provider.lookup("hlr", "+4915112345678")).source).toBe("cache");
    expect((await provider.lookup("hlr", "+4915112345678", { maxAgeMs: HOUR })).source).toBe("live");
    now += 24 * HOUR;
    expect((await provider.lookup("hlr", "+4915112345678")).source).toBe("cache"); // the refreshed answer is young
    now += 24 * HOUR + 1;
    expect((await provider.lookup("hlr", "+4915112345678")).source).toBe("live");
    expect(upstream.hlr).toHaveBeenCalledTimes(3);

    const short = cached(fakeUpstream(), new MemoryLookupCache(), {
      now: () => new Date(now),
      maxAgeMs: { hlr: HOUR },
    });
    await short.lookup("hlr", "+4915112345678");
    now += HOUR + 1;
    expect((await short.lookup("hlr", "+4915112345678")).source).toBe("live");
  });

  it("does not keep undetermined answers", async () => {
    const upstream = fakeUpstream("undetermined");
    const provider = cached(upstream, new MemoryLookupCache());
    await provider.lookup("hlr", "+4915112345678");
    expect((await provider.lookup("hlr", "+4915112345678")).source).toBe("live");
  });

  it("passes the sandbox through, so its answers stay marked 'sandbox'", async () => {
    const cache = new MemoryLookupCache();
    const provider = cached(new SandboxProvider(), cache);
    await provider.lookup("hlr", "+447700900000");
    expect((await provider.lookup("hlr", "+447700900000")).source).toBe("sandbox");
    expect(cache.size).toBe(0);
  });

  it("the memory cache drops its oldest entries beyond its size", async () => {
    const cache = new MemoryLookupCache({ maxEntries: 2 });
    const provider = cached(fakeUpstream(), cache);
    for (const n of ["+4915100000001", "+4915100000002", "+4915100000003"]) await provider.lookup("hlr", n);
    expect(cache.size).toBe(2);
    expect((await provider.lookup("hlr", "+4915100000001")).source).toBe("live");
    expect((await provider.lookup("hlr", "+4915100000003")).source).toBe("cache");
  });
});
