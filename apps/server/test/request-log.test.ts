import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** The one line each answered request leaves in the log (docs/security.md: no secrets in logs). */
describe("request log", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const linesFor = (path: string) =>
    t.logs
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter(
        (line) =>
          line.msg === "request completed" && String((line.req as { url: string }).url).startsWith(path),
      );

  it("writes one line per request with its id, method, path, host, address, status and time", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/usage",
      headers: { host: "dash.example.com", "x-request-marker": "one" },
      remoteAddress: "203.0.113.9",
    });
    const lines = linesFor("/api/v1/usage");
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line).toMatchObject({
      level: 30,
      req: { method: "GET", url: "/api/v1/usage", host: "dash.example.com", ip: "203.0.113.9" },
      res: { statusCode: res.statusCode },
    });
    expect(line.reqId).toEqual(expect.any(String));
    expect(line.pid).toBe(process.pid);
    expect(line.responseTime).toBeGreaterThanOrEqual(0);
    // Only those fields: no headers, body or cookies.
    expect(Object.keys(line).sort()).toEqual([
      "hostname",
      "level",
      "msg",
      "pid",
      "req",
      "reqId",
      "res",
      "responseTime",
      "time",
    ]);
    expect(Object.keys(line.req as object).sort()).toEqual(["host", "ip", "method", "url"]);
  });

  it("keeps the query string, the key and the cookies out of the line", async () => {
    await t.app.inject({
      method: "POST",
      url: "/api/v1/check?key=nc_live_query_secret_771",
      headers: {
        authorization: "Bearer nc_live_header_secret_772",
        cookie: "sid=cookie-secret-773",
        "content-type": "application/json",
      },
      payload: { service: "basic", number: "+447400123456", password: "body-secret-774" },
    });
    const lines = linesFor("/api/v1/check");
    expect(lines).toHaveLength(1);
    expect((lines[0]!.req as { url: string }).url).toBe("/api/v1/check?[redacted]");
    const logs = t.logs.join("\n");
    for (const secret of ["query_secret_771", "header_secret_772", "cookie-secret-773", "body-secret-774"])
      expect(logs).not.toContain(secret);
  });
});
