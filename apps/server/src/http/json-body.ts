import type { FastifyInstance } from "fastify";
import { fieldError } from "../core/app-error";

/**
 * The largest request body of a route that names no other bound (docs/security.md, "Input
 * bounds").
 */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * How deep arrays and objects may nest in a JSON body, far deeper than any route's schema reads;
 * every walk over client input after the parser (the well-formed-text check, the idempotency
 * fingerprint, the schemas) is then bounded by this, not by the client (docs/security.md, "Input
 * bounds").
 */
export const MAX_JSON_DEPTH = 64;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text nests arrays and objects deeper than `limit`: one pass over the characters,
 * brackets inside strings not counted, stopping at the first level past the limit. It reads
 * malformed text too (the parser refuses that afterwards), so it runs before any parse or walk.
 */
export function jsonNestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) inString = true;
    else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > limit) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) depth--;
  }
  return false;
}

/**
 * The JSON body parser of every route that reads JSON: the nesting is measured in linear time and
 * refused past MAX_JSON_DEPTH before anything parses or walks it, then Fastify's own
 * poisoning-safe parser runs. An empty body with a JSON content type (API clients that always
 * send the header) means "no body", not a malformed one.
 */
export function registerJsonBody(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = String(body);
    if (text === "") return done(null, undefined);
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH))
      return done(fieldError("body", "too_deep", { max: MAX_JSON_DEPTH }), undefined);
    parseJson(request, text, done);
  });
}
