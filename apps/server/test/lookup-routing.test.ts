import { fieldsOf, twilioLookup } from "@nc/numcheck/providers/testing/twilio-fake";
import { tyntecProblems } from "@nc/numcheck/providers/testing/tyntec-fake";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLimits, parseRoutes } from "../src/features/lookup/lookup-routes";
import { expectError, expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { liveProviders, tyntecThenTwilio } from "./helpers/live-providers";
import { answeredBy } from "./helpers/stored-answer";
import { inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** Documented sandbox numbers (packages/numcheck/SANDBOX.md): a simulated upstream error, a connected phone. */
const UPSTREAM_ERROR = "+12025550106";
const CONNECTED = "+12025550100";

describe("look-up routing in the product", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function org() {
    const funded = await fundedTenant(t, 1_000_000_000n);
    return inTenant(t, funded.owner, funded.tenantId);
  }

  it("one organisation's error numbers never fail another organisation's checks", async () => {
    const [a, b] = [await org(), await org()];
    // Enough failing checks to open a's breaker (5 failures; each check tries three times).
    for (let i = 0; i < 3; i++) {
      expectError(
        await a("POST", "/api/tenant/detection/check", { service: "hlr", number: UPSTREAM_ERROR }),
        502,
        50200,
      );
    }
    // a's breaker is open: even a good number fails fast for a …
    expectError(
      await a("POST", "/api/tenant/detection/check", { service: "hlr", number: CONNECTED }),
      502,
      50200,
    );
    // … while b's HLR, MNP and enhanced checks go through.
    for (const service of ["hlr", "mnp", "fraud_shield_enhanced"]) {
      const view = expectOk<{ result: { hlr: unknown; mnp: unknown } }>(
        await b("POST", "/api/tenant/detection/check", { service, number: CONNECTED }),
      );
      expect(view.result.hlr ?? view.result.mnp).not.toBeNull();
    }
    const [sandbox] = t.app.services.lookupRouter.health();
    expect(sandbox).toMatchObject({ name: "sandbox", breaker: "closed", openTenants: 1 });
  });

  it("/readyz?detail=1 shows the providers' health to this machine only, or with the operator token", async () => {
    const local = await t.app.inject({ method: "GET", url: "/readyz?detail=1" });
    expect(local.statusCode).toBe(200);
    const body = local.json() as { providers: { name: string; lastHour: { calls: number } }[] };
    expect(body.providers[0]).toMatchObject({ name: "sandbox" });
    expect(body.providers[0]!.lastHour.calls).toBeGreaterThan(0);
    const proxied = await t.app.inject({
      method: "GET",
      url: "/readyz?detail=1",
      headers: { "x-forwarded-for": "203.0.113.9" },
    });
    expect(proxied.statusCode).toBe(403);
    const remote = await t.app.inject({
      method: "GET",
      url: "/readyz?detail=1",
      remoteAddress: "203.0.113.9",
    });
    expect(remote.statusCode).toBe(403);
    // Plain readiness stays open to load balancers and says nothing about providers.
    const plain = await t.app.inject({ method: "GET", url: "/readyz", remoteAddress: "203.0.113.9" });
    expect(plain.json()).toEqual({ status: "ready", database: t.database.kind });
  });
});

describe("/readyz?detail=1 with an operator token", () => {
  const token = "op-token-0123456789abcdef-0123";
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_TOKEN: token });
  });
  afterAll(() => t.close());

  it("answers a remote caller with the token, refuses a wrong one", async () => {
    const ask = (authorization: string) =>
      t.app.inject({
        method: "GET",
        url: "/readyz?detail=1",
        remoteAddress: "203.0.113.9",
        headers: { authorization },
      });
    expect((await ask(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await ask(`Bearer ${token.slice(0, -1)}x`)).statusCode).toBe(403);
  });
});

describe("routing settings", () => {
  const providers = [
    { name: "tyntec", answers: ["hlr", "mnp"] },
    { name: "twilio", answers: ["hlr", "line_type", "sim_swap"] },
  ];

  it("default: every provider that answers a kind, in order, routed by what each service needs", () => {
    expect(parseRoutes(undefined, providers)).toEqual([
      { kind: "hlr", byNeeds: true, providers: ["tyntec", "twilio"] },
      { kind: "mnp", byNeeds: true, providers: ["tyntec"] },
      // The look-ups sold on their own go only to the providers that answer them.
      { kind: "line_type", byNeeds: true, providers: ["twilio"] },
      { kind: "sim_swap", byNeeds: true, providers: ["twilio"] },
      { kind: "sms_pumping_risk", byNeeds: true, providers: [] },
      { kind: "caller_name", byNeeds: true, providers: [] },
    ]);
  });

  it("reads kinds, countries and partners", () => {
    const partner = "5b1e2f7a-8f0e-4a51-9f43-1f2b3c4d5e6f";
    expect(
      parseRoutes(`hlr=twilio,tyntec; mnp=tyntec ;hlr@de=tyntec;hlr#${partner}=twilio`, providers),
    ).toEqual([
      { kind: "hlr", providers: ["twilio", "tyntec"] },
      { kind: "mnp", providers: ["tyntec"] },
      { kind: "hlr", country: "DE", providers: ["tyntec"] },
      { kind: "hlr", partner, providers: ["twilio"] },
    ]);
  });

  it.each([
    ["hlr:tyntec", /cannot read/],
    ["sms=tyntec", /cannot read/],
    ["hlr=vonage", /not a configured provider/],
    ["caller_name=vonage", /not a configured provider/],
  ])("refuses %s with a message naming the setting", (text, message) => {
    expect(() => parseRoutes(text, providers)).toThrow(message);
  });

  it("reads concurrency for all or per provider", () => {
    expect(parseLimits("20", 5_000, ["tyntec", "twilio"])).toEqual({
      tyntec: { concurrency: 20, timeoutMs: 5_000 },
      twilio: { concurrency: 20, timeoutMs: 5_000 },
    });
    expect(parseLimits("twilio=3", 5_000, ["tyntec", "twilio"]).twilio).toEqual({
      concurrency: 3,
      timeoutMs: 5_000,
    });
    expect(() => parseLimits("twilio=0", 5_000, ["twilio"])).toThrow(/LOOKUP_CONCURRENCY/);
  });
});

describe("failover between real providers' contracts", () => {
  const live = tyntecThenTwilio();
  const { tyntec, twilio } = live;
  // tyntec's account is out of credit: every HLR fails over to Twilio.
  beforeAll(() => tyntec.play(() => tyntecProblems.paymentRequired));

  it("an HLR check is answered by the next provider, named in the stored result, and charged", async () => {
    const t = live.t;
    const funded = await fundedTenant(t, 1_000_000_000n);
    const as = inTenant(t, funded.owner, funded.tenantId);
    for (const number of ["+447911123456", "+447911123457"]) {
      const view = expectOk<{
        result: { hlr: { provider: string; connectivity: string } };
        costMicros: string;
      }>(await as("POST", "/api/tenant/detection/check", { service: "hlr", number }));
      // The customer reads no provider's name; the stored result names Twilio for the operator.
      expect(view.result.hlr).toMatchObject({ provider: "live", connectivity: "connected" });
      expect(await answeredBy(t)).toBe("twilio");
      expect(BigInt(view.costMicros)).toBeGreaterThan(0n);
    }
    expect(tyntec.calls).toHaveLength(2);
    expect(twilio.calls).toHaveLength(2);
    tyntec.assertClean();
    twilio.assertClean();
    // Out of credit is an error for the operator, once a minute rather than once a call.
    expect(t.logs.filter((line) => line.includes("out of credit"))).toHaveLength(1);
    const health = t.app.services.lookupRouter.health();
    expect(health.map((h) => [h.name, h.lastHour.calls, h.lastHour.creditErrors])).toEqual([
      ["tyntec", 2, 2],
      ["twilio", 2, 0],
    ]);
  });
});

describe("default routing follows what each service needs (Twilio's SIM swap and forwarding turned on)", () => {
  // No LOOKUP_ROUTES: tyntec, then Twilio, for each kind either answers.
  const live = liveProviders(["tyntec", "twilio"], "", { LOOKUP_TWILIO_EXTRAS: "sim_swap,call_forwarding" });
  const { tyntec, twilio } = live;
  beforeAll(() => twilio.play(twilioLookup.swappedAndForwarded));

  it("the enhanced fraud shield's HLR goes to Twilio with the extras, and a recent SIM swap reaches its score", async () => {
    const funded = await fundedTenant(live.t, 1_000_000_000n);
    const as = inTenant(live.t, funded.owner, funded.tenantId);
    const view = expectOk<{
      result: {
        hlr: { provider: string };
        mnp: { provider: string };
        fraud: { reasons: { code: string }[] };
      };
    }>(
      await as("POST", "/api/tenant/detection/check", {
        service: "fraud_shield_enhanced",
        number: "+447911123456",
      }),
    );
    expect(await answeredBy(live.t, "hlr")).toBe("twilio");
    expect(await answeredBy(live.t, "mnp")).toBe("tyntec");
    expect(view.result.fraud.reasons.map((r) => r.code)).toEqual(
      expect.arrayContaining(["sim_swap_recent", "call_forwarding"]),
    );
    expect(twilio.calls.map(fieldsOf)).toEqual([
      ["line_status", "line_type_intelligence", "sim_swap", "call_forwarding"],
    ]);
    // tyntec was asked only the MNP.
    expect(tyntec.calls.map((call) => call.path)).toEqual(["/nis/v1/gnp"]);
    twilio.assertClean();
    tyntec.assertClean();
  });

  it("a plain HLR check goes to tyntec first, and Twilio's paid extras are never asked for it", async () => {
    twilio.reset(twilioLookup.swappedAndForwarded);
    tyntec.reset();
    const funded = await fundedTenant(live.t, 1_000_000_000n);
    const as = inTenant(live.t, funded.owner, funded.tenantId);
    expectOk(await as("POST", "/api/tenant/detection/check", { service: "hlr", number: "+447911123457" }));
    expect(await answeredBy(live.t, "hlr")).toBe("tyntec");
    expect(twilio.calls).toEqual([]);
    expect(live.t.app.services.lookupRouter.chain("hlr")).toEqual(["tyntec", "twilio"]);
  });
});
