import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH } from "../../src/http/json-body";
import { createTestApp, json, nextIp, type TestApp } from "../helpers/test-app";

/**
 * A deeply nested JSON body, sent without signing in, used to hold the CPU for seconds to minutes
 * (the well-formed-text check copied the path at every level). The nesting is now measured in one
 * pass and refused past MAX_JSON_DEPTH before anything parses or walks it (docs/security.md,
 * "Input bounds").
 */
const nested = (depth: number, leaf = "1") => "[".repeat(depth) + leaf + "]".repeat(depth);
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

type FieldErrors = { code: number; data: { fields: { field: string; reason: string }[] } };

describe("deeply nested JSON bodies", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  const login = (payload: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/tenant/pub/login",
      headers: { "content-type": "application/json", "x-forwarded-for": nextIp() },
      payload,
    });

  it("refuses nesting past the bound with 400 naming the body, in linear time", async () => {
    // 20,000 levels froze the server 14.6 s and 40,000 for 82 s; a whole 1 MiB body of brackets
    // is the worst a client can send.
    for (const payload of [nested(20_000), nestedObjects(40_000), nested(512 * 1024 - 1)]) {
      const started = performance.now();
      const response = await login(payload);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(response.statusCode).toBe(400);
      const body = json<FieldErrors>(response);
      expect(body.data.fields).toEqual([expect.objectContaining({ field: "body", reason: "too_deep" })]);
    }
  });

  it("reads nesting up to the bound, and brackets inside strings are text", async () => {
    const atBound = json<FieldErrors>(await login(`{"email":${nested(MAX_JSON_DEPTH - 1)}}`));
    expect(atBound.data.fields.map((f) => f.reason)).not.toContain("too_deep");
    const overBound = json<FieldErrors>(await login(`{"email":${nested(MAX_JSON_DEPTH)}}`));
    expect(overBound.data.fields.map((f) => f.reason)).toEqual(["too_deep"]);
    const inText = json<FieldErrors>(
      await login(JSON.stringify({ email: `${"[{".repeat(5_000)}\\"x`, password: "x" })),
    );
    expect(inText.data.fields.map((f) => f.reason)).not.toContain("too_deep");
  });

  it("keeps /healthz answering while hostile bodies arrive in parallel", async () => {
    const payload = nested(200_000);
    const attacks = Array.from({ length: 8 }, () =>
      fetch(`${base}/api/tenant/pub/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: payload,
      }).then((r) => r.status),
    );
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      waits.push(performance.now() - started);
    }
    expect(await Promise.all(attacks)).toEqual(Array(8).fill(400));
    // 100 ms on a quiet machine (docs/security.md); the margin is for a loaded CI host.
    expect(Math.max(...waits)).toBeLessThan(1_000);
  });
});
