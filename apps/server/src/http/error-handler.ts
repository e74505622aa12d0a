import { ERRORS, type ErrorKey } from "@nc/contracts/errors";
import { fieldIssue } from "@nc/contracts/validation";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../core/app-error";
import { translate } from "../i18n/translate";
import { requestLocale } from "./locale";

declare module "fastify" {
  interface FastifyRequest {
    /** The envelope's code of the error this request was answered with (the API request log). */
    errorCode: number | null;
  }
}

function send(reply: FastifyReply, request: FastifyRequest, key: ErrorKey, data: unknown, params = {}) {
  const locale = requestLocale(request);
  request.errorCode = ERRORS[key].code;
  return reply
    .status(ERRORS[key].status)
    .send({ code: ERRORS[key].code, msg: translate(locale, `errors:${key}`, params), data });
}

/** Validation errors, in the request's language, with one entry per field at fault. */
export function sendValidationError(
  reply: FastifyReply,
  request: FastifyRequest,
  issues: Parameters<typeof fieldIssue>[0][],
) {
  return sendFieldErrors(reply, request, issues.map(fieldIssue));
}

function valueAt(source: unknown, path: string[]): unknown {
  let node = source;
  for (const key of path) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

interface ServiceFieldError {
  field: string;
  reason: string;
  params?: Record<string, string | number>;
}

/** Field errors found by a service (a name already taken, an unknown permission), translated alike. */
function sendFieldErrors(reply: FastifyReply, request: FastifyRequest, found: ServiceFieldError[]) {
  const locale = requestLocale(request);
  const fields = found.map(({ field, reason, params }) => ({
    field,
    reason,
    message: translate(locale, `validation:${reason}`, params ?? {}),
  }));
  const first = fields[0];
  request.errorCode = ERRORS.validation.code;
  return reply.status(400).send({
    code: ERRORS.validation.code,
    msg: first ? `${first.field}: ${first.message}` : translate(locale, "errors:validation"),
    data: { fields },
  });
}

/**
 * Fastify's own routing errors, raised before any route or hook (a path that does not decode as
 * UTF-8, such as an encoded lone surrogate; a parameter over its length): the same envelope as
 * every other failure. Passed to Fastify as `frameworkErrors`.
 */
export function sendFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const clientFault = error.statusCode !== undefined && error.statusCode < 500;
  if (!clientFault) request.log.error({ err: error }, "framework error");
  // Raised before the hooks that add it to every other answer.
  reply.header("x-request-id", request.id);
  return send(reply, request, clientFault ? "badRequest" : "internal", null);
}

/** One error envelope for every failure (docs/architecture.md, "Decisions and why"). */
export function registerErrorHandling(app: FastifyInstance) {
  app.decorateRequest("errorCode", null);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) reply.header(name, value);
      if (error.key === "validation")
        return sendFieldErrors(reply, request, (error.data as { fields: ServiceFieldError[] }).fields);
      return send(reply, request, error.key, error.data, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // The type provider flattens each zod issue (code into keyword, path into instancePath) and
      // zod leaves out the input, which tells a missing field from one of the wrong type.
      const context = error.validationContext ?? "body";
      const source = (request as unknown as Record<string, unknown>)[
        context === "querystring" ? "query" : context
      ];
      return sendValidationError(
        reply,
        request,
        error.validation.map((v) => {
          const path = v.instancePath.split("/").filter(Boolean);
          return { ...v.params, code: v.keyword, path, message: v.message, input: valueAt(source, path) };
        }),
      );
    }
    if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE")
      return send(reply, request, "unsupportedMediaType", null);
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") return send(reply, request, "payloadTooLarge", null);
    if (error.statusCode === 429) return send(reply, request, "rateLimited", null);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, request, "badRequest", null);
    }
    request.log.error({ err: error }, "unhandled error");
    return send(reply, request, "internal", null);
  });
}
