import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SSO_RESPONSE_MAX_BYTES, ssoFetch } from "./sso-fetch";
import { ssoRuntime } from "./sso-runtime";

/**
 * The identity provider's connections are checked as they are made (docs/security.md, "Single
 * sign-on"): a host name that points inside is refused at sign-in, not only when saved.
 */
describe("ssoFetch", () => {
  let server: Server;
  let port = 0;
  let connections = 0;
  const seen: { method: string; type: string; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += String(chunk)));
      req.on("end", () => {
        seen.push({ method: req.method ?? "", type: req.headers["content-type"] ?? "", body });
        if (req.url === "/big") return res.end("x".repeat(SSO_RESPONSE_MAX_BYTES + 1));
        res.setHeader("content-type", "application/json");
        res.setHeader("x-answer", "yes");
        res.end(JSON.stringify({ issuer: "here" }));
      });
    });
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** idp.test stands for loopback, as a name rebound to an inside address would. */
  const inside = async () => [{ address: "127.0.0.1", family: 4 }];

  it("refuses a host name that resolves to a private address before connecting", async () => {
    const before = connections;
    const fetch = ssoFetch({ allowPrivate: false, resolve: inside });
    await expect(fetch(`http://idp.test:${port}/.well-known/openid-configuration`)).rejects.toThrow();
    expect(connections).toBe(before);
  });

  it("refuses a private address written in the URL", async () => {
    const before = connections;
    const fetch = ssoFetch({ allowPrivate: false, resolve: inside });
    await expect(fetch(`http://127.0.0.1:${port}/`)).rejects.toMatchObject({ key: "ssoIssuerUnreachable" });
    await expect(fetch(`http://[::ffff:7f00:1]:${port}/`)).rejects.toMatchObject({
      key: "ssoIssuerUnreachable",
    });
    expect(connections).toBe(before);
  });

  it("where private addresses are allowed, answers GETs and form POSTs as fetch would", async () => {
    const fetch = ssoFetch({ allowPrivate: true, resolve: inside });
    const got = await fetch(`http://idp.test:${port}/doc`);
    expect(got.status).toBe(200);
    expect(got.headers.get("x-answer")).toBe("yes");
    expect(await got.json()).toEqual({ issuer: "here" });
    const posted = await fetch(`http://idp.test:${port}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: "abc" }),
    });
    expect(posted.status).toBe(200);
    expect(seen.at(-1)).toEqual({
      method: "POST",
      type: "application/x-www-form-urlencoded",
      body: "grant_type=authorization_code&code=abc",
    });
  });

  it("refuses an answer larger than an identity provider's document can be", async () => {
    const fetch = ssoFetch({ allowPrivate: true, resolve: inside });
    await expect(fetch(`http://idp.test:${port}/big`)).rejects.toMatchObject({ key: "ssoIssuerUnreachable" });
  });

  it("the runtime's discovery goes through it: an issuer rebound inside is unreachable", async () => {
    const before = connections;
    const runtime = ssoRuntime({ allowPrivate: false });
    runtime.resolve = inside;
    await expect(runtime.client(`https://idp.test:${port}`, "client", "secret")).rejects.toMatchObject({
      key: "ssoIssuerUnreachable",
    });
    expect(connections).toBe(before);
  });
});
