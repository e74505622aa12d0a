import type { SwaggerTransform, SwaggerTransformObject } from "@fastify/swagger";
import { REQUEST_ID_HEADER } from "@nc/contracts/api-requests";
import { ERRORS } from "@nc/contracts/errors";
import { API_KEY_SECURITY_SCHEME } from "@nc/contracts/openapi";
import {
  API_ERROR_MEANINGS,
  type ApiErrorKey,
  COMMON_API_ERRORS,
  envelope,
  errorAnswer,
  IDEMPOTENCY_ERRORS,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyKeyHeader,
  PUBLIC_API_OPERATIONS,
  type PublicApiOperation,
  RATE_LIMIT_HEADERS,
  RETRY_AFTER_HEADER,
} from "@nc/contracts/public-api";
import { createJsonSchemaTransform, createJsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";

const PUBLIC_PREFIX = "/api/v1/";

type Json = Record<string, unknown>;

const zodToJson = createJsonSchemaTransform({ skipList: [] });
const zodComponents = createJsonSchemaTransformObject({});

/** "/api/v1/jobs/:id" as OpenAPI writes it: "/api/v1/jobs/{id}". */
export function openApiPath(url: string): string {
  return url.replace(/:(\w+)/g, "{$1}");
}

/** A plain JSON schema of a zod schema (for headers, which go around the type provider). */
function headerSchema(schema: z.ZodType): Json {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { target: "draft-2020-12" }) as Json;
  return json;
}

const requestIdHeader = headerSchema(REQUEST_ID_HEADER);

const rateLimitHeaders = Object.fromEntries(
  Object.entries(RATE_LIMIT_HEADERS).map(([name, schema]) => [name, headerSchema(schema)]),
);

/** Error answers of one operation grouped by HTTP status, each listing its codes. */
function errorResponses(keys: readonly ApiErrorKey[]): Map<number, string> {
  const byStatus = new Map<number, ApiErrorKey[]>();
  for (const key of new Set(keys)) {
    const { status } = ERRORS[key];
    byStatus.set(status, [...(byStatus.get(status) ?? []), key]);
  }
  return new Map(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, found]) => [
        status,
        found
          .sort((a, b) => ERRORS[a].code - ERRORS[b].code)
          .map((key) => `- \`${ERRORS[key].code}\` ${API_ERROR_MEANINGS[key]}`)
          .join("\n"),
      ]),
  );
}

/** Which headers an answer carries: rate limits once the key is known, Retry-After when over. */
function responseHeaders(status: number, post: boolean): { headers?: Json } {
  // 401 and 403 are decided before the rate limit counts the call; every answer has its id.
  if (status === 401 || status === 403) return { headers: { "X-Request-Id": requestIdHeader } };
  const headers: Json = { "X-Request-Id": requestIdHeader, ...rateLimitHeaders };
  if (status === 429) headers["Retry-After"] = headerSchema(RETRY_AFTER_HEADER);
  if (post && status < 300) headers["Idempotent-Replayed"] = headerSchema(IDEMPOTENT_REPLAYED_HEADER);
  return { headers };
}

/** The request parts a route documents itself, plus Idempotency-Key on POSTs. */
function requestSchema(schema: Json | undefined, post: boolean): Json {
  const { body, querystring, params, headers } = schema ?? {};
  const own = headers instanceof z.ZodObject ? headers : z.object({});
  return {
    body,
    querystring,
    params,
    headers: post ? own.extend({ "Idempotency-Key": idempotencyKeyHeader.optional() }) : headers,
  };
}

function binary(mediaType: string): Json {
  return { schema: { type: "string", format: "binary", description: `The file (${mediaType}).` } };
}

function successResponse(operation: PublicApiOperation, converted: Json | undefined, post: boolean) {
  const { success } = operation;
  const content =
    "files" in success
      ? Object.fromEntries(success.files.map((type) => [type, binary(type)]))
      : { "application/json": { schema: converted } };
  return { description: success.description, ...responseHeaders(200, post), content };
}

/**
 * Per route: hides everything but the public API; documents each /api/v1 route with its entry of
 * PUBLIC_API_OPERATIONS (summary, tag, answers) and the route's own request schemas.
 */
export const publicApiTransform: SwaggerTransform = (document) => {
  const { url, route } = document;
  if (!url.startsWith(PUBLIC_PREFIX)) return { schema: { hide: true } as never, url };
  const method = String(route.method).toUpperCase();
  const key = `${method} ${openApiPath(url)}`;
  const operation = (PUBLIC_API_OPERATIONS as Record<string, PublicApiOperation>)[key];
  if (!operation) throw new Error(`${key} is not described in PUBLIC_API_OPERATIONS (packages/contracts)`);
  const post = method === "POST";
  const successData = "data" in operation.success ? operation.success.data : z.null();
  const converted = zodToJson({
    ...document,
    schema: {
      ...requestSchema(document.schema as Json | undefined, post),
      response: {
        200: envelope(successData, operation.success.description),
        default: errorAnswer,
      },
    },
  }).schema as Json;
  const responses = converted.response as Record<string, Json>;

  const schema: Json = {
    ...converted,
    operationId: operation.operationId,
    summary: operation.summary,
    description: `${operation.description}\n\nScope: \`${scopesOf(route.config)}\`.`,
    tags: [operation.tag],
    security: [{ [API_KEY_SECURITY_SCHEME]: [] }],
    response: {
      200: successResponse(operation, responses[200], post),
      ...Object.fromEntries(
        [
          ...errorResponses([...COMMON_API_ERRORS, ...(post ? IDEMPOTENCY_ERRORS : []), ...operation.errors]),
        ].map(([status, description]) => [
          status,
          {
            description,
            ...responseHeaders(status, post),
            content: { "application/json": { schema: responses.default } },
          },
        ]),
      ),
    },
  };
  if (operation.fileBody && converted.body) {
    schema.body = {
      content: {
        "application/json": { schema: converted.body },
        ...Object.fromEntries(operation.fileBody.map((type) => [type, binary(type)])),
      },
    };
  }
  return { schema, url };
};

function scopesOf(config: unknown): string {
  const scopes = (config as { apiKey?: { scopes?: readonly string[] } } | undefined)?.apiKey?.scopes ?? [];
  return scopes.join("` or `");
}

/** Named schemas of the answers, keeping only the components the operations refer to. */
export const publicApiTransformObject: SwaggerTransformObject = (document) => {
  const withComponents = zodComponents(document) as Json & { components: { schemas: Record<string, Json> } };
  const { schemas, ...components } = withComponents.components;
  const text = JSON.stringify({ ...withComponents, components });
  const used = new Set<string>();
  const queue = [...text.matchAll(/#\/components\/schemas\/([\w.-]+)/g)].map((m) => m[1]!);
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (used.has(id) || !schemas[id]) continue;
    used.add(id);
    for (const m of JSON.stringify(schemas[id]).matchAll(/#\/components\/schemas\/([\w.-]+)/g))
      queue.push(m[1]!);
  }
  const kept = Object.fromEntries(
    Object.entries(schemas)
      .filter(([id]) => used.has(id))
      .sort(),
  );
  return { ...withComponents, components: { ...components, schemas: kept } };
};
