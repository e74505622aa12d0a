import type { FastifyInstance, FastifyServerOptions } from "fastify";
import { type DestinationStream, destination, pino } from "pino";
import { errorForLog, errorsForLog } from "./error-log";

/** Strips the query string: it may hold tokens or keys, and logs are not a place for secrets. */
export function pathOnly(url: string): string {
  const index = url.indexOf("?");
  return index === -1 ? url : `${url.slice(0, index)}?[redacted]`;
}

/**
 * Where every log line goes: standard output written asynchronously (lines logged while a write
 * is in flight go out together in the next one, instead of one blocking write per line on every
 * request), or the stream a test passes. The application's logger and the request log share it,
 * so their lines never interleave mid-line.
 */
export function logDestination(stream?: NodeJS.WritableStream): DestinationStream {
  return stream ?? destination({ dest: 1, sync: false });
}

export function loggerOptions(level: string, stream: DestinationStream): FastifyServerOptions["logger"] {
  return {
    level,
    stream,
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
 * One log line per request, written once it is answered: request id, method, path (query
 * redacted), host, address, status and time. Fastify's own pair of lines (received, completed)
 * would double the logging cost of every API call for nothing the second line does not say.
 *
 * The line has its own logger on the same destination: it holds only those fixed fields, none of
 * them a secret, so it skips the redaction pass of the application's logger, whose wildcard paths
 * walked every request line and were most of the line's cost (docs/performance.md, "The route's
 * own costs").
 */
export function registerRequestLog(app: FastifyInstance, level: string, stream: DestinationStream) {
  const lines = pino({ level }, stream);
  if (!lines.isLevelEnabled("info")) return;
  app.addHook("onResponse", async (request, reply) => {
    lines.info(
      {
        reqId: request.id,
        req: { method: request.method, url: pathOnly(request.url), host: request.hostname, ip: request.ip },
        res: { statusCode: reply.statusCode },
        responseTime: reply.elapsedTime,
      },
      "request completed",
    );
  });
}
