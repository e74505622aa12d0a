import type { FastifyInstance } from "fastify";
import { AppError } from "../core/app-error";

export interface ParsedHost {
  /** Lower case, without the brackets of an IPv6 literal or a trailing dot. */
  name: string;
  port: number | null;
}

const LABEL = "[a-z0-9](?:[a-z0-9_-]{0,61}[a-z0-9])?";
// A DNS name or IPv4 address, or an IPv6 literal in brackets, then an optional port (RFC 9110
// section 7.2, RFC 3986 section 3.2.2). Nothing else: no user information ("a.test:@b.test"), no
// path, no second host, no percent-encoding.
const HOST = new RegExp(`^(?:(${LABEL}(?:\\.${LABEL})*)\\.?|\\[([0-9a-f:.]{2,45})\\])(?::(\\d{0,5}))?$`, "i");

/** Reads a Host header value; null when it is not a plain host name (or address) and port. */
export function parseHost(value: string): ParsedHost | null {
  if (value.length > 260) return null;
  const match = HOST.exec(value.trim());
  if (!match) return null;
  const [, name, ipv6, port] = match;
  const number = port ? Number(port) : null;
  if (number !== null && (number < 1 || number > 65_535)) return null;
  return { name: (name ?? ipv6 ?? "").toLowerCase(), port: number };
}

/**
 * Refuses a request whose host (the Host header, or X-Forwarded-Host from a trusted proxy) is
 * malformed, before anything picks a partner or builds a link with it (docs/security.md). A request
 * with no host at all (HTTP/1.0) is served as the default site.
 */
export function registerHostCheck(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    if (request.host !== "" && !parseHost(request.host)) throw new AppError("hostInvalid");
  });
}
