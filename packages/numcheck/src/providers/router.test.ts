import { describe, expect, it } from "vitest";
import {
  type Answer,
  type HlrResult,
  LookupError,
  type MnpResult,
  providerFrom,
  UnreadableAnswerError,
} from "../types";
import { createRouter, type RouterCall } from "./router";
import { SandboxProvider } from "./sandbox";

const sandbox = new SandboxProvider({ timeoutDelayMs: 5 });
const CONNECTED = "+447700900000";
const UPSTREAM_ERROR = "+12025550106";

/** A provider that answers through `answer` and counts its calls. */
function fake(
  name: string,
  answer: (e164: string) => Promise<HlrResult> = (e164) => sandbox.lookup("hlr", e164),
  answers: Answer[] = ["hlr", "mnp"],
) {
  const calls: string[] = [];
  const provider = providerFrom(
    { name, sandbox: false, answers },
    {
      async hlr(e164) {
        calls.push(e164);
        return { ...(await answer(e164)), provider: name, source: "live" };
      },
      async mnp(e164): Promise<MnpResult> {
        calls.push(e164);
        return { ...(await sandbox.lookup("mnp", e164)), provider: name, source: "live" };
      },
    },
  );
  return { provider, calls };
}

const failing =
  (kind: LookupError["kind"] = "upstream") =>
  async (): Promise<HlrResult> => {
    throw new LookupError(`simulated ${kind}`, kind, kind !== "rejected" && kind !== "out_of_credit");
  };
const noRetry = { retries: 0 };

describe("look-up router", () => {
  it("takes the most specific route: partner and country, partner, country, default", async () => {
    const names = ["a", "b", "c", "d"].map((n) => fake(n).provider);
    const router = createRouter({
      providers: names,
      routes: [
        { kind: "hlr", providers: ["a"] },
        { kind: "hlr", country: "DE", providers: ["b"] },
        { kind: "hlr", partner: "p1", providers: ["c"] },
        { kind: "hlr", partner: "p1", country: "DE", providers: ["d", "a"] },
        { kind: "mnp", providers: ["b"] },
      ],
    });
    expect(router.chain("hlr")).toEqual(["a"]);
    expect(router.chain("hlr", { country: "de" })).toEqual(["b"]);
    expect(router.chain("hlr", { partnerId: "p1", country: "FR" })).toEqual(["c"]);
    expect(router.chain("hlr", { partnerId: "p1", country: "DE" })).toEqual(["d", "a"]);
    expect(router.chain("mnp", { partnerId: "p1" })).toEqual(["b"]);
  });

  it("on a default route, a look-up that needs signals goes first to the providers that answer them", async () => {
    const plain = fake("plain");
    const extras = fake("extras", undefined, ["hlr", "line_type", "sim_swap", "call_forwarding"]);
    const some = fake("some", undefined, ["hlr", "mnp", "call_forwarding"]);
    const providers = [plain.provider, some.provider, extras.provider];
    const byNeeds = createRouter({
      providers,
      routes: [
        { kind: "hlr", providers: ["plain", "some", "extras"], byNeeds: true },
        { kind: "mnp", providers: ["plain", "some"], byNeeds: true },
      ],
    });
    const enhanced = { signals: ["sim_swap", "call_forwarding"] } as const;
    expect(byNeeds.chain("hlr")).toEqual(["plain", "some", "extras"]);
    expect(byNeeds.chain("hlr", enhanced)).toEqual(["extras", "some", "plain"]);
    // An MNP answer has no room for signals: its order stays.
    expect(byNeeds.chain("mnp", enhanced)).toEqual(["plain", "some"]);
    await byNeeds.lookup("hlr", CONNECTED, enhanced);
    expect([plain.calls.length, extras.calls.length]).toEqual([0, 1]);
    // A route the operator wrote keeps its order whatever the service needs.
    const written = createRouter({ providers, routes: [{ kind: "hlr", providers: ["plain", "extras"] }] });
    expect(written.chain("hlr", enhanced)).toEqual(["plain", "extras"]);
  });

  it("passes the signals a look-up needs on to the provider", async () => {
    const seen: unknown[] = [];
    const provider = providerFrom(
      { name: "p", sandbox: false, answers: ["hlr", "sim_swap"] },
      {
        async hlr(e164, options) {
          seen.push(options?.signals);
          return { ...(await sandbox.lookup("hlr", e164)), provider: "p", source: "live" };
        },
      },
    );
    const router = createRouter({ providers: [provider], routes: [{ kind: "hlr", providers: ["p"] }] });
    await router.lookup("hlr", CONNECTED, { signals: ["sim_swap"] });
    await router.lookup("hlr", CONNECTED);
    expect(seen).toEqual([["sim_swap"], []]);
  });

  it("leaves out providers that cannot answer the kind, and refuses a route to an unknown one", () => {
    const hlrOnly = fake("hlr-only", undefined, ["hlr", "sim_swap"]).provider;
    const both = fake("both").provider;
    const router = createRouter({
      providers: [hlrOnly, both],
      routes: [{ kind: "mnp", providers: ["hlr-only", "both"] }],
    });
    expect(router.chain("mnp")).toEqual(["both"]);
    expect(() => createRouter({ providers: [both], routes: [{ kind: "hlr", providers: ["nope"] }] })).toThrow(
      /unknown provider/,
    );
  });

  it("fails over on an error and on 'cannot tell', answering 'cannot tell' only when nobody could tell", async () => {
    const down = fake("down", failing());
    const unsure = fake("unsure", async (e164) => ({
      ...(await sandbox.lookup("hlr", e164)),
      connectivity: "undetermined",
    }));
    const good = fake("good");
    const router = createRouter({
      providers: [down.provider, unsure.provider, good.provider],
      routes: [
        { kind: "hlr", providers: ["down", "unsure", "good"] },
        { kind: "hlr", country: "GB", providers: ["down", "unsure"] },
      ],
      retry: noRetry,
    });
    const answered = await router.lookup("hlr", CONNECTED);
    expect(answered).toMatchObject({ provider: "good", connectivity: "connected" });
    expect([down.calls.length, unsure.calls.length, good.calls.length]).toEqual([1, 1, 1]);
    expect(await router.lookup("hlr", CONNECTED, { country: "GB" })).toMatchObject({
      provider: "unsure",
      connectivity: "undetermined",
    });
  });

  it("throws the last error when every provider fails", async () => {
    const router = createRouter({
      providers: [fake("x", failing()).provider, fake("y", failing("rejected")).provider],
      routes: [{ kind: "hlr", providers: ["x", "y"] }],
      retry: noRetry,
    });
    await expect(router.lookup("hlr", CONNECTED)).rejects.toMatchObject({ kind: "rejected" });
  });

  it("an account out of credit is reported, not retried, and routed around", async () => {
    const broke = fake("broke", failing("out_of_credit"));
    const events: string[] = [];
    const router = createRouter({
      providers: [broke.provider, fake("spare").provider],
      routes: [{ kind: "hlr", providers: ["broke", "spare"] }],
      onEvent: (e) => events.push(`${e.type}:${e.provider}`),
    });
    expect(await router.lookup("hlr", CONNECTED)).toMatchObject({ provider: "spare" });
    expect(broke.calls).toHaveLength(1);
    expect(events).toEqual(["out_of_credit:broke"]);
    expect(router.health().find((h) => h.name === "broke")!.lastHour).toMatchObject({
      calls: 1,
      errors: 1,
      creditErrors: 1,
    });
  });

  it("hands every provider call to onCall with its kind, the number's country and whether it answered", async () => {
    const calls: RouterCall[] = [];
    const router = createRouter({
      providers: [fake("broke", failing("out_of_credit")).provider, fake("spare").provider],
      routes: [{ kind: "hlr", providers: ["broke", "spare"] }],
      onCall: (call) => calls.push(call),
    });
    await router.lookup("hlr", CONNECTED, { country: "gb" });
    expect(calls.map(({ latencyMs: _, ...call }) => call)).toEqual([
      { provider: "broke", kind: "hlr", country: "GB", answered: false },
      { provider: "spare", kind: "hlr", country: "GB", answered: true },
    ]);
    expect(calls.every((call) => call.latencyMs >= 0)).toBe(true);
  });

  it("an answer that cannot be read is not asked again of its provider: a breaker failure, reported by field, routed around", async () => {
    const garbled = fake("garbled", async () => {
      throw new UnreadableAnswerError("garbled: answer does not follow the contract", ["presence"]);
    });
    const events: unknown[] = [];
    const router = createRouter({
      providers: [garbled.provider, fake("spare").provider],
      routes: [{ kind: "hlr", providers: ["garbled", "spare"] }],
      breaker: { failureThreshold: 2 },
      retry: { baseDelayMs: 1 },
      onEvent: (e) => events.push(e),
    });
    expect(await router.lookup("hlr", CONNECTED, { tenantId: "t1" })).toMatchObject({ provider: "spare" });
    expect(garbled.calls).toHaveLength(1);
    expect(events).toEqual([{ type: "unreadable", provider: "garbled", fields: ["presence"] }]);
    // Two in a row open the organisation's breaker: the third look-up does not ask it at all.
    await router.lookup("hlr", CONNECTED, { tenantId: "t1" });
    await router.lookup("hlr", CONNECTED, { tenantId: "t1" });
    expect(garbled.calls).toHaveLength(2);
  });

  it("one deadline bounds the whole look-up: every try at every provider, back-off included", async () => {
    const never = () => new Promise<HlrResult>(() => {});
    const a = fake("a", never);
    const b = fake("b", never);
    const router = createRouter({
      providers: [a.provider, b.provider],
      routes: [{ kind: "hlr", providers: ["a", "b"] }],
      limits: { a: { timeoutMs: 60 }, b: { timeoutMs: 60 } },
      retry: { baseDelayMs: 1 },
      deadlineMs: 150,
    });
    const started = Date.now();
    await expect(router.lookup("hlr", CONNECTED)).rejects.toMatchObject({ kind: "timeout" });
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(400);
    // a: three tries of 60 ms would take 180 ms; the deadline ends it and b is never reached.
    expect(a.calls.length).toBeGreaterThanOrEqual(2);
    expect(b.calls).toHaveLength(0);
  });

  it("a call gets what is left of the deadline when that is less than its timeout", async () => {
    const slow = fake("slow", async (e164) => {
      await new Promise((resolve) => setTimeout(resolve, 120));
      return sandbox.lookup("hlr", e164);
    });
    const router = createRouter({
      providers: [slow.provider],
      routes: [{ kind: "hlr", providers: ["slow"] }],
      limits: { slow: { timeoutMs: 10_000 } },
      deadlineMs: 50,
    });
    // With its own 10 s timeout the call would be answered at 120 ms; the deadline's 50 ms end it.
    await expect(router.lookup("hlr", CONNECTED)).rejects.toMatchObject({ kind: "timeout" });
    expect(slow.calls).toHaveLength(1);
  });

  it("one organisation's failing numbers open only its own breaker", async () => {
    const router = createRouter({
      providers: [new SandboxProvider()],
      routes: [{ kind: "hlr", providers: ["sandbox"] }],
      breaker: { failureThreshold: 3 },
      retry: noRetry,
    });
    for (let i = 0; i < 3; i++)
      await expect(router.lookup("hlr", UPSTREAM_ERROR, { tenantId: "a" })).rejects.toMatchObject({
        kind: "upstream",
      });
    // Now a's breaker refuses at once, even a good number; b is untouched.
    await expect(router.lookup("hlr", CONNECTED, { tenantId: "a" })).rejects.toMatchObject({
      kind: "circuit_open",
    });
    expect(await router.lookup("hlr", CONNECTED, { tenantId: "b" })).toMatchObject({
      connectivity: "connected",
    });
    expect(router.health()[0]).toMatchObject({ breaker: "closed", openTenants: 1 });
  });

  it("a provider failing for `spread` organisations is skipped for everyone, then tried again after the cool-down", async () => {
    let now = 0;
    let healthy = false;
    const flaky = fake("flaky", async (e164) => {
      if (!healthy) throw new LookupError("down", "upstream", true);
      return sandbox.lookup("hlr", e164);
    });
    const spare = fake("spare");
    const router = createRouter({
      providers: [flaky.provider, spare.provider],
      routes: [{ kind: "hlr", providers: ["flaky", "spare"] }],
      breaker: { failureThreshold: 1, cooldownMs: 1_000 },
      spread: 2,
      retry: noRetry,
      now: () => now,
    });
    await router.lookup("hlr", CONNECTED, { tenantId: "a" });
    await router.lookup("hlr", CONNECTED, { tenantId: "b" });
    expect(router.health()[0]).toMatchObject({ name: "flaky", breaker: "open", openTenants: 2 });
    const before = flaky.calls.length;
    expect(await router.lookup("hlr", CONNECTED, { tenantId: "c" })).toMatchObject({ provider: "spare" });
    expect(flaky.calls).toHaveLength(before);
    healthy = true;
    now = 1_000;
    expect(await router.lookup("hlr", CONNECTED, { tenantId: "a" })).toMatchObject({ provider: "flaky" });
  });

  it("one organisation alone uses every slot of a provider; another's call takes the next free one", async () => {
    let inFlight = 0;
    let most = 0;
    const finished: string[] = [];
    const slow = fake("slow", async (e164) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 20));
      inFlight -= 1;
      return sandbox.lookup("hlr", e164);
    });
    const router = createRouter({
      providers: [slow.provider],
      routes: [{ kind: "hlr", providers: ["slow"] }],
      limits: { slow: { concurrency: 8 } },
    });
    const tracked = (tenantId: string) =>
      router.lookup("hlr", CONNECTED, { tenantId }).finally(() => finished.push(tenantId));
    expect(router.concurrency).toBe(8);
    const a = Array.from({ length: 24 }, () => tracked("a"));
    await new Promise((r) => setTimeout(r, 5));
    // a alone: all eight slots, the rest of its calls waiting.
    expect(router.health()[0]!.concurrency).toEqual({ limit: 8, active: 8, waiting: 16, stragglers: 0 });
    const b = tracked("b");
    await Promise.all([...a, b]);
    expect(most).toBe(8);
    // b waited for one slot, not for a's queue: it finished with a's second eight, not after all 24.
    expect(finished.indexOf("b")).toBeGreaterThanOrEqual(8);
    expect(finished.indexOf("b")).toBeLessThan(16);
  });

  /** A provider whose numbers in `slow` take 400 ms and others 5 ms; it counts calls in flight. */
  function timedProvider(slow: Set<string>) {
    const seen = { inFlight: 0, most: 0, finished: [] as string[] };
    const { provider } = fake("timed", async (e164) => {
      seen.inFlight += 1;
      seen.most = Math.max(seen.most, seen.inFlight);
      await new Promise((r) => setTimeout(r, slow.has(e164) ? 400 : 5));
      seen.inFlight -= 1;
      seen.finished.push(e164);
      return sandbox.lookup("hlr", CONNECTED);
    });
    return { provider, seen };
  }
  const num = (i: number) => `+4477009000${String(i).padStart(2, "0")}`;

  it("a call past stragglerMs gives its slot back: quick calls behind two slow ones do not wait for them", async () => {
    const { provider, seen } = timedProvider(new Set([num(1), num(2)]));
    const router = createRouter({
      providers: [provider],
      routes: [{ kind: "hlr", providers: ["timed"] }],
      limits: { timed: { concurrency: 2 } },
      stragglerMs: 40,
    });
    const calls = [1, 2, 3, 4, 5, 6].map((i) => router.lookup("hlr", num(i), { tenantId: "a" }));
    await new Promise((r) => setTimeout(r, 200));
    // Both slow calls run on without a slot; the four quick ones have had theirs.
    expect(router.health()[0]!.concurrency).toMatchObject({ active: 0, waiting: 0, stragglers: 2 });
    await Promise.all(calls);
    expect(seen.finished.slice(0, 4).sort()).toEqual([num(3), num(4), num(5), num(6)]);
    expect(seen.most).toBeLessThanOrEqual(4);
    expect(router.health()[0]!.concurrency.stragglers).toBe(0);
  });

  it("no more calls run on without a slot than the provider's limit: then a slow call keeps its slot", async () => {
    const { provider, seen } = timedProvider(new Set([num(1), num(2), num(3)]));
    const router = createRouter({
      providers: [provider],
      routes: [{ kind: "hlr", providers: ["timed"] }],
      limits: { timed: { concurrency: 1 } },
      stragglerMs: 40,
    });
    const calls = [1, 2, 3, 4].map((i) => router.lookup("hlr", num(i), { tenantId: "a" }));
    await Promise.all(calls);
    // The first slow call left its slot; the second kept it (one straggler at most), so the
    // quick one waited for it: never more than limit + limit calls at the provider.
    expect(seen.most).toBe(2);
    expect(seen.finished.indexOf(num(4))).toBeGreaterThan(seen.finished.indexOf(num(2)));
  });

  it("stragglerMs 0 keeps every slot until its call ends", async () => {
    const { provider, seen } = timedProvider(new Set([num(1)]));
    const router = createRouter({
      providers: [provider],
      routes: [{ kind: "hlr", providers: ["timed"] }],
      limits: { timed: { concurrency: 1 } },
      stragglerMs: 0,
    });
    await Promise.all([1, 2].map((i) => router.lookup("hlr", num(i), { tenantId: "a" })));
    expect(seen.finished).toEqual([num(1), num(2)]);
    expect(seen.most).toBe(1);
  });

  it("is the sandbox only when every provider is", () => {
    expect(createRouter({ providers: [new SandboxProvider()], routes: [] }).sandbox).toBe(true);
    expect(createRouter({ providers: [fake("live").provider], routes: [] }).sandbox).toBe(false);
  });
});
