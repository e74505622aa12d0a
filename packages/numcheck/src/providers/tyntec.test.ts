import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { LookupError } from "../types";
import { UpstreamHttpError } from "./http-error";
import { resilient } from "./resilient";
import { TyntecProvider } from "./tyntec";

/**
 * A fake tyntec: GET /nis/v1/gnv and /nis/v1/gnp with an apikey header. Each test scripts the
 * answers per number; by default it answers a present, not ported, not roaming subscriber.
 */
type Reply = { status?: number; body?: unknown; delayMs?: number; headers?: Record<string, string> };
type Script = (service: string, msisdn: string, hit: number) => Reply;

const API_KEY = "test-key";
let server: Server;
let baseUrl: string;
let script: Script;
let hits: { service: string; msisdn: string }[];
let inFlight = 0;
let peakInFlight = 0;

const present = (msisdn: string) => ({
  requestId: "r-1",
  msisdn,
  presence: "present",
  ported: false,
  roaming: false,
  nrhMCC: "262",
  nrhMNC: "01",
  nrhNetworkName: "Telekom",
  errorCode: 0,
});

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? "/", "http://x");
  const service = url.pathname.replace("/nis/v1/", "");
  const msisdn = url.searchParams.get("msisdn") ?? "";
  if (req.headers.apikey !== API_KEY) {
    res
      .writeHead(401, { "content-type": "application/problem+json" })
      .end('{"status":401,"title":"Unauthorized"}');
    return;
  }
  if (!["gnv", "gnp"].includes(service) || req.method !== "GET") {
    res.writeHead(404).end();
    return;
  }
  hits.push({ service, msisdn });
  const reply = script(service, msisdn, hits.filter((h) => h.msisdn === msisdn).length);
  inFlight++;
  peakInFlight = Math.max(peakInFlight, inFlight);
  const send = () => {
    inFlight--;
    if (res.destroyed) return;
    res
      .writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers })
      .end(JSON.stringify(reply.body ?? {}));
  };
  if (reply.delayMs) setTimeout(send, reply.delayMs);
  else send();
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  hits = [];
  inFlight = 0;
  peakInFlight = 0;
  script = (_service, msisdn) => ({ body: present(msisdn) });
});

const now = () => new Date("2030-05-06T07:08:09Z");
const tyntec = (apiKey = API_KEY) => new TyntecProvider({ apiKey, baseUrl, now });
const fast = { retry: { baseDelayMs: 1, maxDelayMs: 5 } };

describe("tyntec adapter: mapping", () => {
  it("maps a present subscriber", async () => {
    const hlr = await tyntec().hlr("+4915112345678");
    expect(hits).toEqual([{ service: "gnv", msisdn: "+4915112345678" }]);
    expect(hlr).toEqual({
      e164: "+4915112345678",
      connectivity: "connected",
      error: null,
      currentNetwork: { name: "Telekom", mcc: "262", mnc: "01", country: "DE" },
      originalNetwork: { name: "Telekom", mcc: "262", mnc: "01", country: "DE" },
      roaming: { roaming: false, network: null, country: null },
      ported: false,
      source: "live",
      provider: "tyntec",
      obtainedAt: "2030-05-06T07:08:09.000Z",
    });
  });

  it("maps a roaming, ported subscriber (strings for booleans accepted)", async () => {
    script = (_s, msisdn) => ({
      body: {
        ...present(msisdn),
        ported: "true",
        roaming: "true",
        mcc: "262",
        mnc: "02",
        networkName: "Vodafone",
        roamingMCC: "208",
        roamingMNC: "10",
        roamingNetworkName: "SFR",
      },
    });
    const hlr = await tyntec().hlr("+4915112345678");
    expect(hlr.ported).toBe(true);
    expect(hlr.currentNetwork).toEqual({ name: "Vodafone", mcc: "262", mnc: "02", country: "DE" });
    expect(hlr.originalNetwork?.mnc).toBe("01");
    expect(hlr.roaming).toEqual({
      roaming: true,
      network: { name: "SFR", mcc: "208", mnc: "10", country: "FR" },
      country: "FR",
    });
  });

  it("maps an absent subscriber with its MAP error", async () => {
    script = (_s, msisdn) => ({ body: { ...present(msisdn), presence: "absent", errorCode: 27 } });
    const hlr = await tyntec().hlr("+4915112345678");
    expect(hlr.connectivity).toBe("absent");
    expect(hlr.error).toEqual({ code: 27, name: "absentSubscriber", permanent: false });
  });

  it("maps MAP errors when presence does not decide", async () => {
    const cases: [number, string, boolean, string][] = [
      [1, "unknownSubscriber", true, "invalid_msisdn"],
      [6, "absentSubscriberSM", false, "absent"],
      [13, "callBarred", false, "undetermined"],
      [34, "systemFailure", false, "undetermined"],
      [999, "mapError999", false, "undetermined"],
    ];
    for (const [code, name, permanent, connectivity] of cases) {
      script = (_s, msisdn) => ({ body: { ...present(msisdn), presence: "unknown", errorCode: code } });
      const hlr = await tyntec().hlr("+4915112345678");
      expect(hlr.error).toEqual({ code, name, permanent });
      expect(hlr.connectivity).toBe(connectivity);
      if (connectivity === "invalid_msisdn") {
        expect(hlr.currentNetwork).toBeNull();
        expect(hlr.roaming.roaming).toBeNull();
      }
    }
  });

  it("maps portability answers", async () => {
    script = (_s, msisdn) => ({
      body: {
        requestId: "r-2",
        msisdn,
        ported: true,
        currentCarrier: { name: "O2", mcc: "262", mnc: "07", country: "de" },
        originalCarrier: { name: "Telekom", mcc: "262", mnc: "01" },
      },
    });
    const mnp = await tyntec().mnp("+4915112345678");
    expect(hits[0]?.service).toBe("gnp");
    expect(mnp).toEqual({
      e164: "+4915112345678",
      ported: "ported",
      currentNetwork: { name: "O2", mcc: "262", mnc: "07", country: "DE" },
      originalNetwork: { name: "Telekom", mcc: "262", mnc: "01", country: "DE" },
      source: "live",
      provider: "tyntec",
      obtainedAt: "2030-05-06T07:08:09.000Z",
    });
    script = (_s, msisdn) => ({
      body: { msisdn, ported: false, mcc: "234", mnc: "15", operator: "Vodafone" },
    });
    expect(await tyntec().mnp("+447400123456")).toMatchObject({
      ported: "not_ported",
      currentNetwork: { name: "Vodafone", mcc: "234", mnc: "15", country: "GB" },
    });
    script = (_s, msisdn) => ({ body: { msisdn, errorCode: 34 } });
    expect((await tyntec().mnp("+447400123456")).ported).toBe("unknown");
  });
});

describe("tyntec adapter: resilience against the fake server", () => {
  it("a 401 is not retried and is not an upstream failure", async () => {
    const provider = resilient(tyntec("wrong-key"), fast);
    const error = await provider.hlr("+4915112345678").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamHttpError);
    expect(error).toMatchObject({ kind: "rejected", retryable: false, status: 401 });
    expect(hits).toHaveLength(0); // the fake server refuses before counting
    expect(provider.breaker.state).toBe("closed");
  });

  it("a 400 is rejected at once (one call)", async () => {
    script = () => ({ status: 400, body: { status: 400, title: "invalid msisdn" } });
    await expect(resilient(tyntec(), fast).hlr("+4915112345678")).rejects.toMatchObject({ kind: "rejected" });
    expect(hits).toHaveLength(1);
  });

  it("a 503 is retried, then succeeds", async () => {
    script = (_s, msisdn, hit) => (hit < 3 ? { status: 503 } : { body: present(msisdn) });
    const hlr = await resilient(tyntec(), fast).hlr("+4915112345678");
    expect(hlr.connectivity).toBe("connected");
    expect(hits).toHaveLength(3);
  });

  it("a 429 is retried after the server's Retry-After", async () => {
    script = (_s, msisdn, hit) =>
      hit === 1 ? { status: 429, headers: { "retry-after": "0" } } : { body: present(msisdn) };
    expect((await resilient(tyntec(), fast).mnp("+4915112345678")).source).toBe("live");
    expect(hits).toHaveLength(2);
  });

  it("timeouts are retried, and a late answer is not waited for", async () => {
    script = (_s, msisdn, hit) =>
      hit === 1 ? { delayMs: 300, body: present(msisdn) } : { body: present(msisdn) };
    const started = Date.now();
    const hlr = await resilient(tyntec(), { ...fast, timeoutMs: 40 }).hlr("+4915112345678");
    expect(hlr.connectivity).toBe("connected");
    expect(hits).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(250);
  });

  it("keeps failing timeouts as LookupError timeout after the retries", async () => {
    script = (_s, msisdn) => ({ delayMs: 200, body: present(msisdn) });
    const provider = resilient(tyntec(), { timeoutMs: 20, retry: { retries: 2, baseDelayMs: 1 } });
    await expect(provider.hlr("+4915112345678")).rejects.toMatchObject({ kind: "timeout", retryable: true });
    expect(hits).toHaveLength(3);
  });

  it("a network failure is retryable", async () => {
    const closed = new TyntecProvider({ apiKey: API_KEY, baseUrl: "http://127.0.0.1:1" });
    await expect(closed.hlr("+4915112345678")).rejects.toMatchObject({ kind: "upstream", retryable: true });
  });

  it("the breaker opens after N failures, refuses fast, half-opens after the cool-down and closes on success", async () => {
    let clock = 0;
    let down = true;
    script = (_s, msisdn) => (down ? { status: 500 } : { body: present(msisdn) });
    const provider = resilient(tyntec(), {
      retry: { retries: 0 },
      breaker: { failureThreshold: 3, cooldownMs: 10_000, now: () => clock },
    });
    for (let i = 0; i < 3; i++) {
      await expect(provider.hlr("+4915112345678")).rejects.toMatchObject({ kind: "upstream", status: 500 });
    }
    expect(provider.breaker.state).toBe("open");

    const started = Date.now();
    const refused = await provider.hlr("+4915112345678").catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LookupError);
    expect(refused).toMatchObject({ kind: "circuit_open" });
    await expect(provider.mnp("+4915112345678")).rejects.toMatchObject({ kind: "circuit_open" });
    expect(Date.now() - started).toBeLessThan(50);
    expect(hits).toHaveLength(3);

    clock += 10_000;
    expect(provider.breaker.state).toBe("half_open");
    down = false;
    expect((await provider.hlr("+4915112345678")).connectivity).toBe("connected");
    expect(provider.breaker.state).toBe("closed");
    expect(hits).toHaveLength(4);
  });

  it("the semaphore bounds requests in flight at the upstream", async () => {
    script = (_s, msisdn) => ({ delayMs: 10, body: present(msisdn) });
    const provider = resilient(tyntec(), { concurrency: 3 });
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => provider.hlr(`+49151123456${String(i).padStart(2, "0")}`)),
    );
    expect(answers.every((a) => a.connectivity === "connected")).toBe(true);
    expect(peakInFlight).toBe(3);
  });
});
