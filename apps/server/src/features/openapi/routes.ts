import fastifySwagger from "@fastify/swagger";
import { isLocale, type Locale } from "@nc/contracts/locales";
import { API_KEY_SECURITY_SCHEME, OPENAPI_PATH } from "@nc/contracts/openapi";
import { PUBLIC_API_TAGS } from "@nc/contracts/public-api";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { requestLocale } from "../../http/locale";
import { requestOrigin } from "../../http/public-url";
import { publicApiTransform, publicApiTransformObject } from "./openapi-transform";
import { withSdkSamples } from "./sdk-samples";
import { translateDocument } from "./translate-document";

const DESCRIPTION = `Check phone numbers one at a time, in batches of up to 100, or in bulk jobs of up to 10 million.

**Authentication.** Send an API key made on the dashboard's API keys page: \`Authorization: Bearer nc_live_…\` (real checks, charged) or \`nc_test_…\` (sandbox answers, free). Keys in the URL are refused.

**Answers** are JSON envelopes \`{code, msg, data}\` with real HTTP statuses: \`code\` is 0 on success, otherwise an error code whose first three digits are the status. \`msg\` follows \`Accept-Language\` (en, zh-Hans, es, pt). Money is in micros (1 = 0.000001 of the currency) as decimal strings.

**Rate limits** hold per key and per organisation; every answer carries \`RateLimit\` and \`RateLimit-Policy\`, and a 429 carries \`Retry-After\`.

**Retries.** Send an \`Idempotency-Key\` with every POST: a retry with the same key and request replays the first answer and is never charged twice.

**Enumerations** may gain values: accept values you do not know.`;

/**
 * The OpenAPI 3.1 document of the public API at /api/openapi.json, generated from the routes'
 * schemas. Registered before the routes: the generator learns them as they are added.
 */
async function openApi(app: FastifyInstance) {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "API", version: "1", description: DESCRIPTION },
      tags: PUBLIC_API_TAGS.map((tag) => ({ ...tag })),
      components: {
        securitySchemes: {
          [API_KEY_SECURITY_SCHEME]: {
            type: "http",
            scheme: "bearer",
            bearerFormat: "API key",
            description: "An API key: `nc_live_…` for real checks, `nc_test_…` for the sandbox.",
          },
        },
      },
    },
    transform: publicApiTransform,
    transformObject: publicApiTransformObject,
  });

  // Built once, and translated once per language; the brand and the origin are the caller's, so
  // they are filled in per request, and with the origin the SDK's samples (sdk-samples.ts). The
  // language: `?locale=` (the reference page asks in its own), else the request's (x-locale,
  // cookie, Accept-Language).
  type OpenApiDocument = Exclude<ReturnType<typeof app.swagger>, string>;
  const translated = new Map<Locale, OpenApiDocument>();
  app.get(OPENAPI_PATH, async (request) => {
    const asked = (request.query as { locale?: unknown } | undefined)?.locale;
    const locale = isLocale(asked) ? asked : requestLocale(request);
    let document = translated.get(locale);
    if (!document) {
      document = translateDocument(app.swagger() as OpenApiDocument, locale);
      translated.set(locale, document);
    }
    const brand = app.services.partners.siteInfo(request.partner).name;
    const origin = requestOrigin(request);
    return withSdkSamples(
      { ...document, info: { ...document.info, title: `${brand} API` }, servers: [{ url: origin }] },
      origin,
    );
  });
}

// Not encapsulated (fastify-plugin): the generator's onRoute hook has to see the routes of the whole app.
export const openApiRoutes = fp(openApi, { name: "openapi" });
