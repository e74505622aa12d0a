import enServices from "@nc/contracts/locales/en/services.json";
import zhServices from "@nc/contracts/locales/zh-Hans/services.json";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { body, call, expectError, expectFieldError, expectOk, registerUser } from "./helpers/accounts";
import { createTestApp, nextIp, onPostgres, type TestApp } from "./helpers/test-app";

describe("public look-ups, health and error envelopes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe("GET /api/tenant/pub/service_tp", () => {
    it("lists the services with stable codes and names in the request's language", async () => {
      const en = expectOk<{ code: string; id: number; name: string; description: string }[]>(
        await call(t, "GET", "/api/tenant/pub/service_tp"),
      );
      expect(en.map((s) => [s.id, s.code])).toEqual([
        [1, "basic"],
        [2, "hlr"],
        [3, "mnp"],
        [4, "fraud_shield"],
        [5, "fraud_shield_enhanced"],
        [6, "line_type"],
        [7, "sim_swap"],
        [8, "sms_pumping_risk"],
        [9, "caller_name"],
      ]);
      for (const s of en) {
        expect(s.name).toBe(enServices[s.code as keyof typeof enServices].name);
        expect(s.description.length).toBeGreaterThan(10);
      }
      const zh = expectOk<{ code: string; name: string }[]>(
        await call(t, "GET", "/api/tenant/pub/service_tp", undefined, { headers: { "x-locale": "zh-Hans" } }),
      );
      expect(zh.map((s) => s.name)).toEqual(
        zh.map((s) => zhServices[s.code as keyof typeof zhServices].name),
      );
    });
  });

  describe("GET /api/tenant/pub/timezone", () => {
    it("lists IANA zones with their current offsets, ordered by offset", async () => {
      const zones = expectOk<{ code: string; offset: string; offsetMinutes: number }[]>(
        await call(t, "GET", "/api/tenant/pub/timezone"),
      );
      expect(zones.length).toBeGreaterThan(300);
      const byCode = new Map(zones.map((z) => [z.code, z]));
      expect(byCode.get("UTC")).toEqual({ code: "UTC", offset: "+00:00", offsetMinutes: 0 });
      expect(byCode.get("Asia/Shanghai")).toMatchObject({ offset: "+08:00", offsetMinutes: 480 });
      expect(byCode.get("Asia/Kolkata")).toMatchObject({ offset: "+05:30", offsetMinutes: 330 });
      expect(["-05:00", "-04:00"]).toContain(byCode.get("America/New_York")!.offset);
      // Current IANA names, not the retired spellings the runtime knows them by.
      expect(byCode.get("Europe/Kyiv")).toBeDefined();
      expect(byCode.has("Asia/Calcutta")).toBe(false);
      const minutes = zones.map((z) => z.offsetMinutes);
      expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
      expect(new Set(zones.map((z) => z.code)).size).toBe(zones.length);
    });
  });

  describe("GET /api/tenant/pub/captcha", () => {
    it("says the captcha is off and gives no challenge when disabled", async () => {
      expect(expectOk(await call(t, "GET", "/api/tenant/pub/captcha"))).toEqual({
        enabled: false,
        challenge: null,
      });
    });
  });

  describe("rate limit on every public call", () => {
    it("answers 429 with Retry-After past 120 calls a minute from one address, and not for others", async () => {
      const ip = nextIp();
      for (let i = 0; i < 120; i++) {
        const res = await call(t, "GET", "/api/tenant/pub/service_tp", undefined, { ip });
        expect(res.statusCode).toBe(200);
      }
      const limited = await call(t, "GET", "/api/tenant/partner/info", undefined, { ip });
      expectError(limited, 429, 42900);
      const retryAfter = Number(limited.headers["retry-after"]);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expectOk(await call(t, "GET", "/api/tenant/partner/info", undefined, { ip: nextIp() }));
    });
  });

  describe("health", () => {
    it("GET /healthz answers ok", async () => {
      const res = await t.app.inject("/healthz");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ok" });
    });

    it("GET /readyz answers ready with the database kind", async () => {
      const res = await t.app.inject("/readyz");
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: "ready", database: onPostgres ? "postgres" : "pglite" });
    });

    it("GET /readyz answers 503 when the database is gone", async () => {
      const other = await createTestApp();
      try {
        await other.database.close();
        const res = await other.app.inject("/readyz");
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({ status: "unavailable" });
        expect((await other.app.inject("/healthz")).statusCode).toBe(200);
      } finally {
        await other.close();
      }
    });
  });

  describe("error envelopes", () => {
    it("answers 404 with the envelope for an unknown /api path or method", async () => {
      for (const [method, url] of [
        ["GET", "/api/does/not/exist"],
        ["POST", "/api/tenant/pub/nothing"],
        ["GET", "/api/tenant/pub/login"],
        ["DELETE", "/api/tenant/uc/profile"],
      ] as const) {
        const envelope = expectError(await call(t, method, url), 404, 40400);
        expect(envelope).toEqual({ code: 40400, msg: "Not found.", data: null });
      }
    });

    it("answers 415 for a form-encoded body", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/tenant/pub/login",
        remoteAddress: nextIp(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "email=a%40example.com&password=x",
      });
      expectError(res, 415, 40015);
    });

    it("refuses a text/plain body with 415 (a cross-site form cannot sign anyone in)", async () => {
      const user = await registerUser(t);
      const res = await t.app.inject({
        method: "POST",
        url: "/api/tenant/pub/login",
        remoteAddress: nextIp(),
        headers: { "content-type": "text/plain" },
        payload: JSON.stringify({ email: user.email, password: user.password }),
      });
      expectError(res, 415, 40015);
      expect(res.cookies).toEqual([]);
    });

    it("answers 400 for malformed JSON", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/tenant/pub/login",
        remoteAddress: nextIp(),
        headers: { "content-type": "application/json" },
        payload: '{"email": "a@example.com", ',
      });
      expectError(res, 400, 40014);
    });

    it("answers a field error for a body of the wrong shape", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/tenant/pub/login",
        remoteAddress: nextIp(),
        headers: { "content-type": "application/json" },
        payload: "[1,2]",
      });
      expectFieldError(res, "body", "invalid_type");
    });

    it("answers 413 for a body over 1 MiB", async () => {
      const res = await call(t, "POST", "/api/tenant/pub/login", {
        email: "a@example.com",
        password: "x".repeat(1024 * 1024 + 10),
      });
      expectError(res, 413, 41300);
    });

    it("sends the protective headers on API answers", async () => {
      const res = await call(t, "GET", "/api/tenant/pub/service_tp");
      expect(res.headers).toMatchObject({
        "x-content-type-options": "nosniff",
        "x-frame-options": "SAMEORIGIN",
        "cache-control": "no-store",
      });
      expect(body(res).code).toBe(0);
    });
  });
});
