import type { BrowserContext } from "playwright-core";
import type { RunningServer } from "./server";

/**
 * Registers an account through the public API (as the sign-up page does) and returns its session
 * id. The server must run with CAPTCHA_ENABLED=false.
 */
export async function registerAccount(server: RunningServer, name: string, email: string) {
  const post = (path: string, body: object) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  await post("/api/tenant/pub/register/code", { email });
  const res = await post("/api/tenant/pub/register", {
    name,
    email,
    password: "Garden-River-93",
    code: await server.waitForCode(email),
  });
  const sid = /sid=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
  if (!sid) throw new Error(`registration failed: ${await res.text()}`);
  return sid;
}

/** Registers an account and signs the browser context in with its session cookie. */
export async function signedInContext(
  server: RunningServer,
  context: BrowserContext,
  name: string,
  email: string,
) {
  const sid = await registerAccount(server, name, email);
  await context.addCookies([{ name: "sid", value: sid, url: server.url }]);
  return sid;
}
