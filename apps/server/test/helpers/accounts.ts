import { solveChallenge } from "altcha-lib";
import { like } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { rateCounters } from "../../src/db/schema/index";
import { base32Decode, hotp, totpStep } from "../../src/features/auth/totp";
import { cookieFrom, lastCodeFor, nextIp, type TestApp } from "./test-app";

/** A password every strength rule accepts. */
export const PASSWORD = "Blue-river-42";

let counter = 0;
/** A fresh address per call, so tests sharing one app never meet each other's accounts. */
export const uniqueEmail = (tag = "user") => `${tag}.${Date.now().toString(36)}.${++counter}@example.com`;

/** Who sends a request: client address, Host header, session cookie, extra headers. */
export interface Via {
  ip?: string;
  host?: string;
  sid?: string;
  headers?: Record<string, string>;
}

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

type Method = "GET" | "POST" | "DELETE";

export function call(t: TestApp, method: Method, url: string, payload?: object, via: Via = {}) {
  return t.app.inject({
    method,
    url,
    ...(payload === undefined ? {} : { payload }),
    remoteAddress: via.ip ?? nextIp(),
    headers: { ...(via.host ? { host: via.host } : {}), ...via.headers },
    ...(via.sid === undefined ? {} : { cookies: { sid: via.sid } }),
  });
}

export const body = <T = unknown>(res: LightMyRequestResponse) => res.json() as Envelope<T>;

/** Asserts a failure envelope with its HTTP status and catalogue code; returns the envelope. */
export function expectError<T = unknown>(res: LightMyRequestResponse, status: number, code: number) {
  const envelope = body<T>(res);
  expect({ status: res.statusCode, code: envelope.code }).toEqual({ status, code });
  expect(envelope.msg).toBeTruthy();
  return envelope;
}

export function expectOk<T = unknown>(res: LightMyRequestResponse): T {
  const envelope = body<T>(res);
  expect({ status: res.statusCode, code: envelope.code, msg: envelope.msg }).toEqual({
    status: 200,
    code: 0,
    msg: "ok",
  });
  return envelope.data;
}

interface FieldError {
  field: string;
  reason: string;
  message: string;
}

/** Asserts a 40001 answer naming the field and the reason, with a translated message. */
export function expectFieldError(res: LightMyRequestResponse, field: string, reason: string) {
  const envelope = expectError<{ fields: FieldError[] }>(res, 400, 40001);
  const entry = envelope.data.fields.find((f) => f.field === field);
  expect(entry, `fields: ${JSON.stringify(envelope.data.fields)}`).toMatchObject({ field, reason });
  expect(entry!.message).toMatch(/\w/);
  expect(entry!.message).not.toBe(reason);
}

/** Fetches a challenge and solves it as the browser widget would; returns the payload to send. */
export async function solveCaptcha(t: TestApp, via: Via = {}): Promise<string> {
  const res = await call(t, "GET", "/api/tenant/pub/captcha", undefined, via);
  const { challenge } = expectOk<{
    challenge: { algorithm: string; challenge: string; salt: string; signature: string; maxnumber?: number };
  }>(res);
  const solution = await solveChallenge(
    challenge.challenge,
    challenge.salt,
    challenge.algorithm,
    challenge.maxnumber,
  ).promise;
  if (!solution) throw new Error("captcha challenge could not be solved");
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.number,
    salt: challenge.salt,
    signature: challenge.signature,
  };
  return Buffer.from(JSON.stringify(payload)).toString("base64");
}

/** A captcha field when the app asks for one, else nothing. */
export const maybeCaptcha = async (t: TestApp, via: Via = {}) =>
  t.app.services.captcha.enabled ? { captcha: await solveCaptcha(t, via) } : {};

/** The last six-digit code e-mailed to an address (waits for mail in flight first). */
export async function codeFor(t: TestApp, email: string): Promise<string> {
  await t.app.services.mailer.flush();
  return lastCodeFor(t.logs, email);
}

/** Every message the outbox logged for an address, oldest first. */
export async function mailsTo(t: TestApp, email: string): Promise<{ subject: string; text: string }[]> {
  await t.app.services.mailer.flush();
  return t.logs
    .filter((line) => line.includes("local outbox"))
    .map((line) => (JSON.parse(line) as { outbox: { to: string; subject: string; text: string } }).outbox)
    .filter((m) => m.to === email);
}

/** Lets the per-address resend limits of an e-mail lapse, as if a minute had passed. */
export async function expireEmailLimits(t: TestApp, email: string) {
  await t.database.db.delete(rateCounters).where(like(rateCounters.key, `%:email:%${email}`));
}

export interface Account {
  email: string;
  password: string;
  name: string;
  sid: string;
  id: string;
  /** The device cookie the registration set: the browser that registered is a known device. */
  device?: string;
}

/** Signs a new user up end to end (code by e-mail, then register) and returns the session. */
export async function registerUser(
  t: TestApp,
  options: { email?: string; password?: string; name?: string; host?: string } = {},
): Promise<Account> {
  const email = options.email ?? uniqueEmail();
  const password = options.password ?? PASSWORD;
  const name = options.name ?? "Test User";
  const via: Via = { ip: nextIp(), host: options.host };
  const sent = await call(
    t,
    "POST",
    "/api/tenant/pub/register/code",
    { email, ...(await maybeCaptcha(t, via)) },
    via,
  );
  expectOk(sent);
  const code = await codeFor(t, email);
  const res = await call(
    t,
    "POST",
    "/api/tenant/pub/register",
    { name, email, password, code, ...(await maybeCaptcha(t, via)) },
    via,
  );
  const data = expectOk<{ user: { id: string } }>(res);
  const sid = cookieFrom(res);
  if (!sid) throw new Error("register set no session cookie");
  return { email, password, name, sid, id: data.user.id, device: cookieFrom(res, "device") };
}

/** Signs in and returns the response (the session cookie is in its Set-Cookie). */
export const login = (t: TestApp, email: string, password: string, via: Via = {}, extra: object = {}) =>
  call(t, "POST", "/api/tenant/pub/login", { email, password, ...extra }, via);

/** The user the session cookie stands for, or null. */
export async function sessionUser(t: TestApp, sid: string, via: Via = {}) {
  const res = await call(t, "GET", "/api/_auth/session", undefined, { ...via, sid });
  return expectOk<{ user: { id: string; email: string } | null }>(res).user;
}

/** The authenticator app's code for a secret, `offset` steps of 30 seconds from now. */
export const totpCode = (secret: string, offset = 0) =>
  hotp(base32Decode(secret), totpStep(Date.now()) + offset);

/**
 * Turns two-factor sign-in on as the person would (docs/security.md, "Two-factor sign-in"): set-up,
 * then the app's code. Returns the secret, the recovery codes and the app's code at any step.
 */
export async function turnOnTwoFactor(t: TestApp, account: { sid: string }, via: Via = {}) {
  const as = { ...via, sid: account.sid };
  const { secret } = expectOk<{ secret: string }>(await call(t, "POST", "/api/tenant/uc/2fa/setup", {}, as));
  const enabled = await call(t, "POST", "/api/tenant/uc/2fa/enable", { code: totpCode(secret) }, as);
  const { recoveryCodes } = expectOk<{ recoveryCodes: string[] }>(enabled);
  return { secret, recoveryCodes, code: (offset = 0) => totpCode(secret, offset) };
}
