import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { InputRoute } from "../../src/http/well-formed-text";
import { body } from "../helpers/accounts";
import { apiClient } from "../helpers/api-client";
import { inTenant } from "../helpers/tenancy";
import { makeTenantFixture, type TenantFixture } from "../helpers/tenant-fixture";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Text PostgreSQL cannot store (a NUL byte, a lone UTF-16 surrogate) is refused with a 400 naming
 * the field, by one check before every route's schema (docs/security.md); it used to reach the
 * database and answer 500. The route table is the app's own registry, so a new route is covered
 * by construction.
 */
const NUL = "a\u0000b";
const LONE_SURROGATE = "a\ud800b";
const SOME_ID = "00000000-0000-4000-8000-000000000000";

/** The paths of every leaf field a zod schema reads, arrays as their first element ("numbers.0"). */
function fieldPaths(schema: unknown, path: string[] = [], out: string[][] = [], depth = 0): string[][] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def || depth > 12) return out;
  switch (def.type) {
    case "object":
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>))
        fieldPaths(child, [...path, key], out, depth + 1);
      return out;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      return fieldPaths(def.innerType, path, out, depth + 1);
    case "pipe":
      return fieldPaths(def.in, path, out, depth + 1);
    case "array":
      return fieldPaths(def.element, [...path, "0"], out, depth + 1);
    case "record":
      return fieldPaths(def.valueType, [...path, "key"], out, depth + 1);
    case "union":
      for (const option of def.options as unknown[]) fieldPaths(option, path, out, depth + 1);
      return out;
    case "intersection":
      fieldPaths(def.left, path, out, depth + 1);
      return fieldPaths(def.right, path, out, depth + 1);
    default:
      if (path.length > 0 && !out.some((p) => p.join(".") === path.join("."))) out.push(path);
      return out;
  }
}

/** A body holding `value` at `path` and nothing else (the check runs before the schema). */
function bodyAt(path: string[], value: string): unknown {
  let node: unknown = value;
  for (let i = path.length - 1; i >= 0; i--) node = /^\d+$/.test(path[i]!) ? [node] : { [path[i]!]: node };
  return node;
}

const paramNames = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const fillUrl = (url: string, bad?: { name: string; value: string }) =>
  url
    .replace(/:(\w+)/g, (_m, name: string) => (name === bad?.name ? encodeURIComponent(bad.value) : SOME_ID))
    .replace(/\*$/, "x");

function expectFieldRefused(res: LightMyRequestResponse, field: string, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(400);
  const envelope = body<{ fields: { field: string; reason: string; message: string }[] }>(res);
  expect(envelope.code, what).toBe(40001);
  expect(envelope.data.fields[0], what).toMatchObject({ field, reason: "invalid_characters" });
  expect(envelope.data.fields[0]!.message, what).not.toBe("invalid_characters");
}

describe("security: NUL bytes and lone surrogates are the field's 400 on every route", () => {
  let t: TestApp;
  let secret: string;
  let routes: InputRoute[];
  beforeAll(async () => {
    t = await createTestApp();
    secret = (await apiClient(t)).secret;
    routes = t.app.inputRoutes;
  });
  afterAll(() => t.close());

  const send = (route: InputRoute, url: string, payload?: unknown) =>
    t.app.inject({
      method: route.method as "GET",
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: route.apiKey ? { authorization: `Bearer ${secret}` } : {},
      remoteAddress: "203.0.113.7",
    });

  it("knows the routes: the dashboard, the public API and the pages' helpers", () => {
    const keys = routes.map((r) => `${r.method} ${r.url}`);
    for (const key of [
      "POST /api/tenant/uc/profile",
      "POST /api/tenant/s/:id",
      "POST /api/tenant/role",
      "POST /api/tenant/fraud-list",
      "POST /api/tenant/webhook/s/:id",
      "POST /api/tenant/detection/check",
      "GET /api/tenant/job/s/:id/items",
      "POST /api/v1/check",
      "POST /api/v1/jobs",
    ])
      expect(keys).toContain(key);
  });

  it("every field of every body schema, with a NUL and with a lone surrogate", async () => {
    let checked = 0;
    for (const route of routes) {
      for (const path of fieldPaths(route.schema.body)) {
        for (const bad of [NUL, LONE_SURROGATE]) {
          const what = `${route.method} ${route.url} body ${path.join(".")} ${JSON.stringify(bad)}`;
          expectFieldRefused(await send(route, fillUrl(route.url), bodyAt(path, bad)), path.join("."), what);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("every query-string field and path parameter, and an unknown query field on every route", async () => {
    let checked = 0;
    for (const route of routes) {
      const queryFields = fieldPaths(route.schema.querystring).map((p) => p[0]!);
      for (const field of [...new Set([...queryFields, "probe"])]) {
        const what = `${route.method} ${route.url} ?${field}=`;
        expectFieldRefused(
          await send(route, `${fillUrl(route.url)}?${field}=${encodeURIComponent(NUL)}`),
          field,
          what,
        );
        checked++;
      }
      for (const name of paramNames(route.url)) {
        const what = `${route.method} ${route.url} :${name}`;
        expectFieldRefused(await send(route, fillUrl(route.url, { name, value: NUL })), name, what);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(routes.length);
  });

  it("a surrogate encoded in a URL (CESU-8) never decodes to one: a 400 envelope, not a 500", async () => {
    const route = routes.find((r) => r.method === "GET" && r.url === "/api/tenant/job/s/:id/items")!;
    const query = await send(route, `/api/tenant/job/s/${SOME_ID}/items?outcome=%ED%A0%80`);
    expect(query.statusCode).toBeLessThan(500);
    // The router cannot decode this path: refused before any route, in the same envelope.
    const param = await send(route, "/api/tenant/job/s/%ED%A0%80/items");
    expect(param.statusCode).toBe(400);
    expect(body(param).code).toBe(40014);
  });

  describe("the seven fields found answering 500, signed in with everything else valid", () => {
    let f: TenantFixture;
    beforeAll(async () => {
      f = await makeTenantFixture(t, "text");
    });

    it("profile, organisation, role, fraud note, webhook description, single check, ?outcome=", async () => {
      const api = inTenant(t, f.owner, f.tenantId);
      for (const bad of [NUL, LONE_SURROGATE]) {
        expectFieldRefused(await api("POST", "/api/tenant/uc/profile", { name: bad }), "name", "profile");
        expectFieldRefused(await api("POST", `/api/tenant/s/${f.tenantId}`, { name: bad }), "name", "org");
        expectFieldRefused(
          await api("POST", "/api/tenant/role", { name: bad, permissions: ["notice:read"] }),
          "name",
          "role",
        );
        expectFieldRefused(
          await api("POST", "/api/tenant/fraud-list", { kind: "block", entries: ["+447700900"], note: bad }),
          "note",
          "fraud note",
        );
        expectFieldRefused(
          await api("POST", `/api/tenant/webhook/s/${f.extra.webhookId}`, { description: bad }),
          "description",
          "webhook",
        );
        expectFieldRefused(
          await api("POST", "/api/tenant/detection/check", {
            service: "basic",
            number: `+4477009${bad}00000`,
          }),
          "number",
          "single check",
        );
      }
      expectFieldRefused(
        await api("GET", `/api/tenant/job/s/${SOME_ID}/items?outcome=${encodeURIComponent(NUL)}`),
        "outcome",
        "outcome",
      );
      // Nothing was stored: the names are as they were.
      const profile = await api("GET", "/api/tenant/uc/profile");
      expect(JSON.stringify(body(profile).data)).not.toContain("\\u0000");
    });

    it("answers in the caller's language", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/tenant/pub/login",
        payload: { email: "someone@example.com", password: NUL },
        headers: { "accept-language": "es" },
      });
      expectFieldRefused(res, "password", "login");
      expect(body<{ fields: { message: string }[] }>(res).data.fields[0]!.message).toContain("carácter");
    });
  });
});
