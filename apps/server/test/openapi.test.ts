import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { CONNECTIVITIES, LINE_TYPES, PORTED_STATUSES } from "@nc/contracts/api-schema-parts";
import {
  API_JOB_STATUSES,
  type INVALID_REASONS,
  type NORMALISATION_STEPS,
  PUBLIC_API_OPERATIONS,
  PUBLIC_API_TAGS,
  RECOMMENDATIONS,
  type RISK_LEVELS,
} from "@nc/contracts/public-api";
import type {
  Connectivity,
  InvalidReason,
  LineType,
  NormalisationStep,
  PortedStatus,
  RiskLevel,
} from "@nc/numcheck/types";
import { Validator } from "@seriousme/openapi-schema-validator";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { FastifyInstance, RouteOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Json[];
  parameters?: { name: string; in: string; description?: string }[];
  requestBody?: { content: Record<string, { schema: Json }> };
  responses: Record<
    string,
    { description: string; headers?: Json; content?: Record<string, { schema: Json }> }
  >;
}
interface Document {
  openapi: string;
  info: { title: string };
  servers: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json>; securitySchemes: Json };
}

// The documented enumerations list exactly the engine's values (checked by the compiler).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sameEnums: [
  Same<LineType, (typeof LINE_TYPES)[number]>,
  Same<InvalidReason, (typeof INVALID_REASONS)[number]>,
  Same<NormalisationStep, (typeof NORMALISATION_STEPS)[number]>,
  Same<Connectivity, (typeof CONNECTIVITIES)[number]>,
  Same<PortedStatus, (typeof PORTED_STATUSES)[number]>,
  Same<RiskLevel, (typeof RISK_LEVELS)[number]>,
] = [true, true, true, true, true, true];

/** Every property of a JSON schema, with its path, following $refs into the components. */
function properties(schema: Json, components: Record<string, Json>, path = "", seen = new Set<string>()) {
  const found: { path: string; schema: Json }[] = [];
  const ref = schema.$ref as string | undefined;
  if (ref) {
    const id = ref.replace("#/components/schemas/", "");
    if (seen.has(id)) return found;
    return properties(components[id]!, components, path, new Set([...seen, id]));
  }
  for (const [name, child] of Object.entries((schema.properties ?? {}) as Record<string, Json>)) {
    found.push({ path: `${path}.${name}`, schema: child });
    found.push(...properties(child, components, `${path}.${name}`, seen));
  }
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const branch of (schema[key] ?? []) as Json[])
      found.push(...properties(branch, components, path, seen));
  }
  if (schema.items) found.push(...properties(schema.items as Json, components, `${path}[]`, seen));
  return found;
}

/** A property is described when it, or the component it refers to, carries a description. */
function described(schema: Json, components: Record<string, Json>): boolean {
  if (typeof schema.description === "string" && schema.description.length > 0) return true;
  const ref = (schema.$ref ?? (schema.anyOf as Json[] | undefined)?.find((b) => b.$ref)?.$ref) as
    | string
    | undefined;
  return Boolean(ref && described(components[ref.replace("#/components/schemas/", "")]!, components));
}

describe("the OpenAPI document of the public API (GET /api/openapi.json)", () => {
  let t: TestApp;
  let doc: Document;
  /** Every route the app registered, as Fastify saw it (HEAD twins of GETs left out). */
  const routes: { method: string; url: string }[] = [];

  beforeAll(async () => {
    // Hooks the app as Fastify creates it, before any route exists.
    const onInit = (message: unknown) => {
      (message as { fastify: FastifyInstance }).fastify.addHook("onRoute", (route: RouteOptions) => {
        for (const method of [route.method].flat())
          if (method !== "HEAD") routes.push({ method, url: route.url });
      });
    };
    subscribe("fastify.initialization", onInit);
    try {
      t = await createTestApp();
    } finally {
      unsubscribe("fastify.initialization", onInit);
    }
    const res = await t.app.inject({ url: "/api/openapi.json" });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        path,
        method: method.toUpperCase(),
        operation,
      })),
    );

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(sameEnums).toEqual([true, true, true, true, true, true]);
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(doc.openapi).toBe("3.1.0");
  });

  it("documents every /api/v1 route with its method, and no other route", () => {
    const v1 = routes.filter((r) => r.url.startsWith("/api/v1/"));
    expect(v1.length).toBeGreaterThanOrEqual(3);
    const documented = operations().map((o) => `${o.method} ${o.path}`);
    const registered = v1.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, "{$1}")}`);
    expect(documented.sort()).toEqual([...new Set(registered)].sort());
    expect(routes.some((r) => r.url === "/api/tenant/detection/check")).toBe(true);
    expect(Object.keys(doc.paths).every((p) => p.startsWith("/api/v1/"))).toBe(true);
  });

  it("gives every operation an id, a summary, a tag, the bearer key and a success answer with a schema", () => {
    const ids = new Set<string>();
    const tags = PUBLIC_API_TAGS.map((tag) => tag.name);
    for (const { path, method, operation } of operations()) {
      const where = `${method} ${path}`;
      expect(operation.summary, where).toBeTruthy();
      expect(operation.operationId, where).toBeTruthy();
      expect(ids.has(operation.operationId!), `${where}: operationId repeated`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.tags?.length, where).toBe(1);
      expect(tags).toContain(operation.tags![0]);
      expect(operation.security).toEqual([{ ApiKey: [] }]);
      const success = operation.responses["200"];
      expect(success, `${where}: 200`).toBeDefined();
      const media = Object.values(success!.content ?? {});
      expect(media.length, where).toBeGreaterThan(0);
      for (const m of media) expect(Object.keys(m.schema).length, where).toBeGreaterThan(0);
      expect(Object.keys(success!.headers ?? {})).toEqual(
        expect.arrayContaining(["RateLimit", "RateLimit-Policy"]),
      );
      expect(operation.responses["401"]?.content?.["application/json"]?.schema).toEqual({
        $ref: "#/components/schemas/ErrorAnswer",
      });
      expect(Object.keys(operation.responses["429"]?.headers ?? {})).toContain("Retry-After");
    }
    expect(doc.components.securitySchemes).toMatchObject({ ApiKey: { type: "http", scheme: "bearer" } });
  });

  it("documents Idempotency-Key on every POST and its errors", () => {
    for (const { path, method, operation } of operations()) {
      const header = operation.parameters?.find((p) => p.in === "header" && p.name === "Idempotency-Key");
      expect(Boolean(header), `${method} ${path}`).toBe(method === "POST");
      if (method !== "POST") continue;
      expect(operation.responses["422"]?.description).toContain("42200");
      expect(operation.responses["409"]?.description).toContain("40907");
      expect(operation.responses["400"]?.description).toContain("40053");
    }
  });

  it("describes every parameter and every field of the requests and the answers", () => {
    const { schemas } = doc.components;
    const missing: string[] = [];
    for (const { path, method, operation } of operations()) {
      const where = `${method} ${path}`;
      for (const p of operation.parameters ?? [])
        if (!p.description) missing.push(`${where} ${p.in} ${p.name}`);
      for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
        for (const prop of properties(media.schema, schemas, `${where} body(${type})`))
          if (!described(prop.schema, schemas)) missing.push(prop.path);
      for (const [status, response] of Object.entries(operation.responses)) {
        expect(response.description, `${where} ${status}`).toBeTruthy();
        for (const [type, media] of Object.entries(response.content ?? {}))
          for (const prop of properties(media.schema, schemas, `${where} ${status}(${type})`))
            if (!described(prop.schema, schemas)) missing.push(prop.path);
      }
    }
    expect(missing).toEqual([]);
  });

  it("documents result enumerations as open, with an unknown value", () => {
    const { JobView, BasicResult } = doc.components.schemas as Record<
      string,
      { properties: Record<string, Json> }
    >;
    for (const field of [JobView!.properties.status!, BasicResult!.properties.lineType!]) {
      expect(field.enum).toContain("unknown");
      expect(field["x-extensible-enum"]).toBe(true);
      expect(field.description).toMatch(/accept values you do not know/);
    }
    expect(JobView!.properties.status!.enum).toEqual([...API_JOB_STATUSES, "unknown"]);
    expect(RECOMMENDATIONS).toContain("block");
  });

  it("describes every endpoint of the public API contract, landed or not", () => {
    expect(Object.keys(PUBLIC_API_OPERATIONS).sort()).toEqual(
      [
        "POST /api/v1/check",
        "POST /api/v1/check/batch",
        "POST /api/v1/jobs",
        "GET /api/v1/jobs",
        "GET /api/v1/jobs/{id}",
        "GET /api/v1/jobs/{id}/results",
        "GET /api/v1/jobs/{id}/download",
        "DELETE /api/v1/jobs/{id}",
        "POST /api/v1/jobs/{id}/retry-failed",
        "GET /api/v1/usage",
        "GET /api/v1/requests",
        "GET /api/v1/coverage",
        "GET /api/v1/balance",
        "GET /api/v1/receipts",
        "GET /api/v1/receipts/{id}",
        "GET /api/v1/statements",
        "GET /api/v1/statements/{month}",
      ].sort(),
    );
  });

  it("is titled with the brand of the host asked and serves that origin", async () => {
    await t.app.services.partners.create({
      name: "Acme Numbers",
      email: "help@acme.test",
      domain: "numbers.acme.test",
    });
    const acme = (
      await t.app.inject({ url: "/api/openapi.json", headers: { host: "numbers.acme.test" } })
    ).json();
    expect(acme.info.title).toBe("Acme Numbers API");
    expect(acme.servers).toEqual([{ url: "http://numbers.acme.test" }]);
    expect(doc.info.title).toBe("NumberCheck API");
    expect(doc.servers).toEqual([{ url: "http://localhost:80" }]);
  });

  it("matches what the API really answers", async () => {
    const ajv = new Ajv2020({ strict: false });
    ajv.addFormat("binary", true);
    ajv.addFormat("date-time", (v: string) => !Number.isNaN(Date.parse(v)));
    ajv.addFormat("date", (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v));
    ajv.addFormat("uuid", (v: string) => /^[0-9a-f-]{36}$/i.test(v));
    ajv.addSchema({ $id: "doc", components: doc.components });
    const answerSchema = (path: string, method: string, status: string) => {
      const schema = doc.paths[path]![method]!.responses[status]!.content!["application/json"]!.schema;
      return ajv.compile(
        JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')),
      );
    };

    /** A test key of a new organisation (each part below starts from an empty history). */
    const testKey = async () => {
      const f = await fundedTenant(t, 1_000_000n);
      const made = expectOk<ApiKeyCreatedView>(
        await inTenant(t, f.owner, f.tenantId)("POST", "/api/tenant/apikey", {
          name: "docs",
          scopes: ["check", "usage:read", "jobs:write", "jobs:read"],
          mode: "test",
        }),
      );
      return made.secret;
    };
    let key = await testKey();
    const call = (method: "GET" | "POST", url: string, payload?: object, bearer = key) =>
      t.app.inject({ method, url, payload, headers: { authorization: `Bearer ${bearer}` } });

    for (const service of ["basic", "hlr", "fraud_shield_enhanced"]) {
      const res = await call("POST", "/api/v1/check", { service, number: "+12025550104" });
      expect(res.statusCode).toBe(200);
      const validate = answerSchema("/api/v1/check", "post", "200");
      expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
    }
    const batch = await call("POST", "/api/v1/check/batch", {
      service: "hlr",
      numbers: ["+12025550100", "+12025550106", "not a number"],
    });
    const validateBatch = answerSchema("/api/v1/check/batch", "post", "200");
    expect(validateBatch(batch.json()), JSON.stringify(validateBatch.errors)).toBe(true);

    const balance = await call("GET", "/api/v1/balance");
    const validateBalance = answerSchema("/api/v1/balance", "get", "200");
    expect(validateBalance(balance.json()), JSON.stringify(validateBalance.errors)).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const usage = await call("GET", `/api/v1/usage?from=${today}&to=${today}`);
    expect(usage.statusCode).toBe(200);
    const validateUsage = answerSchema("/api/v1/usage", "get", "200");
    expect(validateUsage(usage.json()), JSON.stringify(validateUsage.errors)).toBe(true);

    key = await testKey();
    const job = await call("POST", "/api/v1/jobs", {
      service: "basic",
      numbers: ["+12025550100", "+12025550100", "nope"],
    });
    expect(job.statusCode, job.body).toBe(200);
    const validateJob = answerSchema("/api/v1/jobs", "post", "200");
    expect(validateJob(job.json()), JSON.stringify(validateJob.errors)).toBe(true);
    const id = job.json().data.id as string;
    for (const [path, url] of [
      ["/api/v1/jobs", "/api/v1/jobs"],
      ["/api/v1/jobs/{id}", `/api/v1/jobs/${id}`],
      ["/api/v1/jobs/{id}/results", `/api/v1/jobs/${id}/results`],
    ] as const) {
      const validate = answerSchema(path, "get", "200");
      expect(validate((await call("GET", url)).json()), `${url}: ${JSON.stringify(validate.errors)}`).toBe(
        true,
      );
    }

    const errors = [
      await call("POST", "/api/v1/check", { service: "nope" }),
      await call("GET", "/api/v1/balance", undefined, "nc_test_wrong"),
    ];
    expect(errors.map((e) => e.statusCode)).toEqual([400, 401]);
    for (const [res, status] of [
      [errors[0]!, "400"],
      [errors[1]!, "401"],
    ] as const) {
      const validate = answerSchema("/api/v1/check", "post", status);
      expect(validate(res.json()), JSON.stringify(validate.errors)).toBe(true);
    }
  });
});
