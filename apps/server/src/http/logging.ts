import type { FastifyServerOptions } from "fastify";
import { destination } from "pino";

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
    serializers: {
      req(request: { method: string; url: string; hostname?: string; ip?: string }) {
        return { method: request.method, url: pathOnly(request.url), host: request.hostname, ip: request.ip };
      },
    },
  };
}
