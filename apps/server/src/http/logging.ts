import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { destination } from "pino";
import { errorForLog, errorsForLog } from "./error-log";

/** Strips the query string: it may hold tokens or keys, and logs are not a place for secrets. */
export function pathOnly(url: string): string {
  const index = url.indexOf("?");
  return index === -1 ? url : `${url.slice(0, index)}?[redacted]`;
}

export function loggerOptions(level: string, stream?: NodeJS.WritableStream): FastifyServerOptions["logger"] {
  return {
    level,
    // Standard output written asynchronously: lines logged while a write is in flight go out
    // together in the next one, instead of one blocking write per line on every request.
    stream: stream ?? destination({ dest: 1, sync: false }),
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        "req.headers['x-api-key']",
        "res.headers['set-cookie']",
        "*.password",
        "*.newPassword",
        "*.token",
        "*.captcha",
      ],
      censor: "[redacted]",
    },
    // Errors never write the values of a failed statement (docs/security.md): `err` and any
    // other key holding an error go through the same redaction.
    formatters: { log: errorsForLog },
    serializers: {
      err: errorForLog,
      req(request: { method: string; url: string; hostname?: string; ip?: string }) {
        return { method: request.method, url: pathOnly(request.url), host: request.hostname, ip: request.ip };
      },
    },
  };
}

/**
 * One log line per request, written once it is answered: method, path (query redacted), host,
 * address, status and time. Fastify's own pair of lines (received, completed) would double the
 * logging cost of every API call for nothing the second line does not say.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      { req: request, res: { statusCode: reply.statusCode }, responseTime: reply.elapsedTime },
      "request completed",
    );
  });
}
