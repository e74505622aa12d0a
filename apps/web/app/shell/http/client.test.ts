import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { api, RETRY_STATUSES, retriesFor } from "./client";

describe("retry rule", () => {
  it.each(["GET", "HEAD", "OPTIONS", "get", "Head", "options"])("retries %s once", (method) => {
    expect(retriesFor(method)).toBe(1);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE", "post", "delete", "CONNECT", ""])(
    "never retries %j",
    (method) => {
      expect(retriesFor(method)).toBe(0);
    },
  );

  it("retries only on 408, 409, 425, 429 and 500, 502, 503, 504", () => {
    expect(RETRY_STATUSES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });
});

/**
 * A real server on 127.0.0.1: `/fail-once/<status>` answers <status> with an error envelope the first
 * time each path is asked, then 200 with data; `/always/<status>` always fails. Every hit is counted.
 */
describe("retries against a server", () => {
  let server: Server;
  let origin = "";
  const hits = new Map<string, number>();

  beforeAll(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const count = (hits.get(`${req.method} ${path}`) ?? 0) + 1;
      hits.set(`${req.method} ${path}`, count);
      const [, mode, code] = path.split("/");
      const fail = mode === "always" || count === 1;
      res.setHeader("content-type", "application/json");
      res.statusCode = fail ? Number(code) : 200;
      res.end(
        JSON.stringify(
          fail
            ? { code: 50000, msg: `failed ${count}`, data: null }
            : { code: 0, msg: "ok", data: { count } },
        ),
      );
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => hits.clear());

  it.each(RETRY_STATUSES)("a GET answered %i once is asked again and succeeds", async (status) => {
    await expect(api<{ count: number }>(`${origin}/fail-once/${status}`)).resolves.toEqual({ count: 2 });
    expect(hits.get(`GET /fail-once/${status}`)).toBe(2);
  });

  it("a GET is retried only once: the second failure comes back with the server's envelope", async () => {
    const error = await api(`${origin}/always/503`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 50000, message: "failed 2", status: 503 });
    expect(hits.get("GET /always/503")).toBe(2);
  });

  it("a status outside the list is not retried", async () => {
    const error = await api(`${origin}/fail-once/400`).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "failed 1", status: 400 });
    expect(hits.get("GET /fail-once/400")).toBe(1);
  });

  it.each(["POST", "PUT", "PATCH", "DELETE"] as const)("a %s is never retried", async (method) => {
    const error = await api(`${origin}/fail-once/503`, { method, body: {} }).catch((e: unknown) => e);
    expect(error).toMatchObject({ message: "failed 1", status: 503 });
    expect(hits.get(`${method} /fail-once/503`)).toBe(1);
  });
});
