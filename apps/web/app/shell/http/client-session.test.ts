import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ApiError } from "./api-error";
import { api, setClientHooks } from "./client";

/**
 * What the client does when an answer says the session or the organisation is gone (docs/architecture.md, "Decisions and why"),
 * against a real server: `/status/<http>/<code>` answers that HTTP status with that envelope code.
 */
describe("session and organisation loss", () => {
  let server: Server;
  let origin = "";
  let calls: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      const [, , status, code] = new URL(req.url ?? "/", "http://x").pathname.split("/");
      res.setHeader("content-type", "application/json");
      res.statusCode = Number(status);
      res.end(JSON.stringify({ code: Number(code), msg: `answer ${code}`, data: null }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  beforeEach(() => {
    calls = [];
    setClientHooks({
      locale: () => "en",
      tenantId: () => "t-1",
      refreshSession: () => calls.push("refreshSession"),
      onAuthError: () => calls.push("onAuthError"),
      onTenantError: (code, message) => calls.push(`onTenantError ${code} ${message}`),
    });
  });

  const fail = (path: string, options = {}) => api(`${origin}${path}`, options).catch((e: unknown) => e);

  it.each([
    ["HTTP 401", "/status/401/40099"],
    ["code 40099", "/status/200/40099"],
  ])("%s refreshes the session, then goes to sign-in", async (_, path) => {
    expect(await fail(path)).toBeInstanceOf(ApiError);
    expect(calls).toEqual(["refreshSession", "onAuthError"]);
  });

  it("a call that ignores auth errors still refreshes the session, but stays where it is", async () => {
    const error = await fail("/status/401/40099", { method: "DELETE", ignoreAuthError: true });
    expect(error).toMatchObject({ code: 40099, status: 401 });
    expect(calls).toEqual(["refreshSession"]);
  });

  it.each([40035, 40036, 40037, 40038, 40081])(
    "code %i on a successful status goes to tenant selection with the server's reason",
    async (code) => {
      expect(await fail(`/status/200/${code}`)).toMatchObject({ code, message: `answer ${code}` });
      expect(calls).toEqual([`onTenantError ${code} answer ${code}`]);
    },
  );

  it("a tenant code on an error status, or any other refusal, touches neither session nor tenant", async () => {
    await fail("/status/400/40036");
    await fail("/status/403/40300");
    expect(calls).toEqual([]);
  });

  it("a call flagged ignore-error skips all of it", async () => {
    await fail("/status/401/40099", { ignoreError: true });
    await fail("/status/200/40036", { ignoreError: true });
    expect(calls).toEqual([]);
  });
});
