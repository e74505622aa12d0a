import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";

/**
 * Every request's id: random, so an id read from an answer names one request across processes and
 * restarts (Fastify's own counter starts again at req-1 in each). A caller's `X-Request-Id` is not
 * taken: the id is ours, found in the log line and in the API request log.
 */
export const newRequestId = (): string => `req_${randomUUID().replaceAll("-", "")}`;

/** Sends the id back on every answer, errors and pages included, as `X-Request-Id`. */
export function registerRequestId(app: FastifyInstance) {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
}
