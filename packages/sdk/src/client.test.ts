import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { Numcheck } from "./client";
import { NumcheckError } from "./errors";

interface Seen {
  method: string;
  url: string;
  headers: Headers;
  body: string | null;
}

/** A fetch answering from a list, recording what it was sent. */
function fakeFetch(answers: (Response | Error | ((seen: Seen) => Promise<Response>))[]) {
  const seen: Seen[] = [];
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init as RequestInit);
    const entry = {
      method: request.method,
      url: request.url,
      headers: request.headers,
      body: init?.body ? await request.text() : null,
    };
    seen.push(entry);
    const answer = answers.shift();
    if (!answer) throw new Error("no answer left");
    if (answer instanceof Error) throw answer;
    return typeof answer === "function" ? answer(entry) : answer;
  };
  return { fetch: fetch as typeof globalThis.fetch, seen };
}

const ok = (data: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ code: 0, msg: "ok", data }), {
    status: 200,
    headers: { "content-type": "application/json", ...headers },
  });
const fail = (status: number, code: number, data: unknown = null, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ code, msg: `error ${code}`, data }), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

const client = (
  fetch: typeof globalThis.fetch,
  extra: Partial<ConstructorParameters<typeof Numcheck>[0]> = {},
) =>
  new Numcheck({
    apiKey: "nc_test_abc",
    baseUrl: "https://api.example.test",
    fetch,
    retryDelay: { baseMs: 1, maxMs: 5 },
    ...extra,
  });

describe("the client's requests", () => {
  it("sends the key as a bearer token, the locale, JSON, and unwraps the envelope", async () => {
    const { fetch, seen } = fakeFetch([ok({ balanceMicros: "5", currency: "USD" })]);
    const balance = await client(fetch, { locale: "zh-Hans" }).balance.get();
    expect(balance).toEqual({ balanceMicros: "5", currency: "USD" });
    expect(seen[0]!.url).toBe("https://api.example.test/api/v1/balance");
    expect(seen[0]!.headers.get("authorization")).toBe("Bearer nc_test_abc");
    expect(seen[0]!.headers.get("accept-language")).toBe("zh-Hans");
    expect(seen[0]!.headers.get("idempotency-key")).toBeNull();
  });

  it("keeps the path prefix of a base address", async () => {
    const { fetch, seen } = fakeFetch([ok({ months: [] }), ok({ months: [] })]);
    await client(fetch, { baseUrl: "https://example.test/numbers" }).statements.list();
    await client(fetch, { baseUrl: "https://example.test/numbers/" }).statements.list();
    expect(seen.map((s) => s.url)).toEqual([
      "https://example.test/numbers/api/v1/statements",
      "https://example.test/numbers/api/v1/statements",
    ]);
  });

  it("puts a new UUID Idempotency-Key on every POST, or the caller's, and keeps it on retries", async () => {
    const { fetch, seen } = fakeFetch([
      fail(503, 50300),
      fail(429, 42900, null, { "retry-after": "0" }),
      ok({ items: [] }),
      ok({ items: [] }),
      ok({ items: [] }),
    ]);
    const nc = client(fetch);
    await nc.check.batch({ service: "basic", numbers: ["1"] });
    await nc.check.batch({ service: "basic", numbers: ["1"] });
    await nc.check.batch({ service: "basic", numbers: ["1"] }, { idempotencyKey: "order-42" });
    const keys = seen.map((s) => s.headers.get("idempotency-key"));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toBe(keys[0]);
    expect(keys[3]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[3]).not.toBe(keys[0]);
    expect(keys[4]).toBe("order-42");
    expect(seen[0]!.headers.get("content-type")).toBe("application/json");
    expect(JSON.parse(seen[0]!.body!)).toEqual({ service: "basic", numbers: ["1"] });
  });

  it("gives up after maxRetries and throws the last answer's error", async () => {
    const { fetch, seen } = fakeFetch([fail(500, 50000), fail(500, 50000), fail(502, 50200)]);
    const error = await client(fetch, { maxRetries: 2 })
      .jobs.get("j1")
      .catch((e: unknown) => e);
    expect(seen).toHaveLength(3);
    expect(error).toBeInstanceOf(NumcheckError);
    expect(error).toMatchObject({ kind: "api", status: 502, code: 50200, message: "error 50200" });
  });

  it("does not retry what a retry cannot fix", async () => {
    const { fetch, seen } = fakeFetch([
      fail(
        400,
        40001,
        { fields: [{ field: "numbers.0", reason: "too_long", message: "Too long" }] },
        {
          "x-request-id": "req-7",
        },
      ),
    ]);
    const error = (await client(fetch)
      .check.batch({ service: "basic", numbers: ["1"] })
      .catch((e: unknown) => e)) as NumcheckError;
    expect(seen).toHaveLength(1);
    expect(error.fields).toEqual([{ field: "numbers.0", reason: "too_long", message: "Too long" }]);
    expect(error.requestId).toBe("req-7");
    expect(error.status).toBe(400);
  });

  it("waits the answer's Retry-After before trying again", async () => {
    const started: number[] = [];
    const { fetch } = fakeFetch([
      async () => {
        started.push(Date.now());
        return fail(429, 42900, null, { "retry-after": "1" });
      },
      async () => {
        started.push(Date.now());
        return ok({ months: [] });
      },
    ]);
    await client(fetch).statements.list();
    expect(started[1]! - started[0]!).toBeGreaterThanOrEqual(990);
  });

  it("retries a request that got no answer, and says so when it never gets one", async () => {
    const { fetch, seen } = fakeFetch([new TypeError("fetch failed"), ok({ months: ["2026-11"] })]);
    expect(await client(fetch).statements.list()).toEqual({ months: ["2026-11"] });
    expect(seen).toHaveLength(2);

    const down = fakeFetch([new TypeError("fetch failed"), new TypeError("fetch failed")]);
    const error = await client(down.fetch, { maxRetries: 1 })
      .statements.list()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "connection", status: 0, code: 0 });
  });

  it("times an attempt out, and lets the caller abort", async () => {
    const slow: typeof globalThis.fetch = (_input, init) =>
      new Promise((_, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const timedOut = await client(slow, { timeoutMs: 20, maxRetries: 1 })
      .balance.get()
      .catch((e: unknown) => e);
    expect(timedOut).toMatchObject({ kind: "timeout", status: 0 });

    const controller = new AbortController();
    const reason = new Error("stop");
    setTimeout(() => controller.abort(reason), 10);
    await expect(client(slow).balance.get({ signal: controller.signal })).rejects.toBe(reason);
  });

  it("reads an error that is not an envelope (a proxy's page)", async () => {
    const { fetch } = fakeFetch([
      new Response("<html>Bad gateway</html>", { status: 502, statusText: "Bad Gateway" }),
    ]);
    const error = await client(fetch, { maxRetries: 0 })
      .balance.get()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "api", status: 502, code: 50200, message: "HTTP 502 Bad Gateway" });
  });

  it("says so when a success is not the envelope, or its body stops coming in time", async () => {
    const { fetch } = fakeFetch([new Response("<html>captive portal</html>", { status: 200 })]);
    const error = await client(fetch)
      .balance.get()
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "api", status: 200, code: 0, data: "<html>captive portal</html>" });

    const stalled: typeof globalThis.fetch = async (_input, init) =>
      new Response(
        new ReadableStream({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"code":0,'));
            init?.signal?.addEventListener("abort", () => controller.error(init.signal?.reason));
          },
        }),
        { status: 200 },
      );
    const late = await client(stalled, { timeoutMs: 30 })
      .balance.get()
      .catch((e: unknown) => e);
    expect(late).toMatchObject({ kind: "timeout", status: 0 });
  });

  it("never sends a stream twice: an upload from a stream is not retried", async () => {
    const { fetch, seen } = fakeFetch([fail(503, 50300), ok({ id: "j" })]);
    const stream = new Blob(["+12025550100\n"]).stream();
    const error = await client(fetch)
      .jobs.upload(stream, { service: "basic", fileName: "n.csv" })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503 });
    expect(seen).toHaveLength(1);
  });

  it("uploads a Blob with its query and content type, retries it from its start and reports progress", async () => {
    const { fetch, seen } = fakeFetch([fail(503, 50300), ok({ id: "j" })]);
    const progress: { sent: number; total: number | null }[] = [];
    const file = new File(["+12025550100\n+12025550101\n"], "numbers.csv");
    const job = await client(fetch).jobs.upload(file, {
      service: "hlr",
      column: 0,
      header: false,
      onProgress: (p) => progress.push(p),
    });
    expect(job).toEqual({ id: "j" });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.body).toBe("+12025550100\n+12025550101\n");
    expect(seen[1]!.headers.get("content-type")).toBe("text/csv");
    expect(new URL(seen[1]!.url).search).toBe("?service=hlr&fileName=numbers.csv&column=0&header=false");
    expect(progress.at(-1)).toEqual({ sent: file.size, total: file.size });
  });

  it("follows cursors over every page", async () => {
    const { fetch, seen } = fakeFetch([
      ok({ items: [{ seq: 0 }, { seq: 1 }], nextCursor: 1 }),
      ok({ items: [{ seq: 2 }], nextCursor: 2 }),
      ok({ items: [], nextCursor: null }),
    ]);
    const rows = [];
    for await (const row of client(fetch).jobs.resultsAll("j 1", { limit: 2 })) rows.push(row.seq);
    expect(rows).toEqual([0, 1, 2]);
    expect(seen.map((s) => new URL(s.url).pathname + new URL(s.url).search)).toEqual([
      "/api/v1/jobs/j%201/results?limit=2",
      "/api/v1/jobs/j%201/results?limit=2&cursor=1",
      "/api/v1/jobs/j%201/results?limit=2&cursor=2",
    ]);
  });
});

describe("the main entry", () => {
  it("uses nothing of Node.js: no node: imports, Buffer or process outside node.ts and tests", () => {
    const folder = new URL(".", import.meta.url).pathname;
    const files = readdirSync(folder, { recursive: true, encoding: "utf8" }).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "node.ts",
    );
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const text = readFileSync(join(folder, file), "utf8");
      expect(text, file).not.toMatch(/from "node:|require\(|\bBuffer\b|\bprocess\./);
    }
  });
});
