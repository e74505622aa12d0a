type Json = Record<string, unknown>;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  example?: unknown;
  schema?: Json;
}
export interface SampledOperation {
  operationId?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

/** The tab's name in the reference, beside the viewer's own clients. */
export const SDK_SAMPLE_LABEL = "Node.js (SDK)";

/** The method of @numcheck/sdk that calls each operation (packages/sdk/README.md, "Methods"). */
const SDK_METHODS: Record<string, string> = {
  checkNumber: "check.number",
  checkNumbers: "check.batch",
  createJob: "jobs.create",
  listJobs: "jobs.list",
  getJob: "jobs.get",
  listJobResults: "jobs.results",
  downloadJobResults: "jobs.download",
  cancelJob: "jobs.cancel",
  retryFailedRows: "jobs.retryFailed",
  getUsage: "usage.get",
  getBalance: "balance.get",
  getCoverage: "coverage.get",
  listRequests: "requests.list",
  listReceipts: "receipts.list",
  getReceipt: "receipts.download",
  listStatements: "statements.list",
  getStatement: "statements.download",
};

/** Values for schemas that carry no example of their own, by format, then by name. */
const BY_FORMAT: Record<string, string> = { uuid: "01959a3c-7e21-7b4a-9d0e-3f5c2a8b6d14" };

/** A value a reader can send: the schema's own example, default or first allowed value. */
function sampleValue(schema: Json | undefined, example?: unknown): unknown {
  if (example !== undefined) return example;
  if (!schema) return "";
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  if (typeof schema.format === "string" && BY_FORMAT[schema.format]) return BY_FORMAT[schema.format];
  if (schema.type === "array") return [sampleValue(schema.items as Json | undefined)];
  if (schema.type === "integer" || schema.type === "number") return schema.minimum ?? 1;
  if (schema.type === "boolean") return false;
  return "";
}

/** A value as JavaScript source: JSON, with plain object keys unquoted. */
function literal(value: unknown, indent: string): string {
  if (Array.isArray(value)) return `[${value.map((v) => literal(v, indent)).join(", ")}]`;
  if (value && typeof value === "object") {
    const inner = `${indent}  `;
    const entries = Object.entries(value).map(
      ([key, v]) =>
        `${inner}${/^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key)}: ${literal(v, inner)},`,
    );
    return `{\n${entries.join("\n")}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** The required inputs of the operation, by name: its query parameters and JSON body's fields. */
function requiredInputs(operation: SampledOperation): Json {
  const inputs: Json = {};
  for (const p of operation.parameters ?? [])
    if (p.in === "query" && p.required) inputs[p.name] = sampleValue(p.schema, p.example);
  const body = operation.requestBody?.content?.["application/json"]?.schema;
  const properties = (body?.properties ?? {}) as Record<string, Json>;
  for (const name of (body?.required ?? []) as string[]) inputs[name] = sampleValue(properties[name]);
  return inputs;
}

/** Whether the operation answers a file (a PDF, a CSV) rather than JSON. */
function answersFile(operation: SampledOperation): boolean {
  const content = operation.responses?.["200"]?.content ?? {};
  return Object.keys(content).length > 0 && !("application/json" in content);
}

/**
 * The SDK's sample of one operation, made from the operation itself: the method that calls it,
 * its path parameters in order, then its required query parameters and body fields with their
 * documented examples; the answer printed, or a file saved under its own name. `origin` is the
 * site the reader is on (docs/api.md, "Code samples"). Null for an operation the SDK lacks.
 */
export function sdkSample(path: string, operation: SampledOperation, origin: string): string | null {
  const method = operation.operationId ? SDK_METHODS[operation.operationId] : undefined;
  if (!method) return null;
  const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const p = operation.parameters?.find((x) => x.in === "path" && x.name === name);
    return literal(sampleValue(p?.schema, p?.example), "");
  });
  const inputs = requiredInputs(operation);
  const args = [...pathParams, ...(Object.keys(inputs).length > 0 ? [literal(inputs, "")] : [])];
  const call = `await numcheck.${method}(${args.join(", ")})`;
  const file = answersFile(operation);
  return [
    ...(file ? ['import { writeFile } from "node:fs/promises";'] : []),
    'import { Numcheck } from "@numcheck/sdk";',
    "",
    "const numcheck = new Numcheck({",
    "  apiKey: process.env.NUMCHECK_API_KEY, // nc_test_… or nc_live_…",
    `  baseUrl: ${JSON.stringify(origin)},`,
    "});",
    "",
    ...(file
      ? [`const file = ${call};`, "await writeFile(file.fileName, Buffer.from(await file.arrayBuffer()));"]
      : [`const answer = ${call};`, "console.log(answer);"]),
    "",
  ].join("\n");
}

/** The document with the SDK's sample on every operation the SDK covers (x-codeSamples). */
export function withSdkSamples<D extends { paths?: object }>(document: D, origin: string): D {
  const items = (document.paths ?? {}) as Record<string, Record<string, unknown>>;
  const paths = Object.fromEntries(
    Object.entries(items).map(([path, item]) => [
      path,
      Object.fromEntries(
        Object.entries(item).map(([verb, operation]) => {
          const source = sdkSample(path, operation as SampledOperation, origin);
          if (source === null) return [verb, operation];
          const sample = { lang: "javascript", label: SDK_SAMPLE_LABEL, source };
          return [verb, { ...(operation as Json), "x-codeSamples": [sample] }];
        }),
      ),
    ]),
  );
  return { ...document, paths };
}
