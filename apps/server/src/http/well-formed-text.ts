import type { FastifyInstance } from "fastify";
import { fieldError } from "../core/app-error";

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A NUL byte or a lone UTF-16 surrogate can be sent in JSON ("\u0000", "\ud800") or a URL (%00),
 * but PostgreSQL refuses both in text and jsonb, so such a value would fail deep inside a
 * statement as a server error. Text holding them is refused as the field's error instead.
 */
export function isWellFormedText(text: string): boolean {
  return !text.includes("\u0000") && !LONE_SURROGATE.test(text);
}

/**
 * Values a parser made from text: JSON objects and arrays, and the query-string and path-parameter
 * objects (their prototypes are the parsers' own). A Buffer (raw signed body) or a stream (an
 * upload) is not text and is read by its own code.
 */
function isParsedData(value: object): boolean {
  return (
    !ArrayBuffer.isView(value) &&
    !(value instanceof ArrayBuffer) &&
    typeof (value as { pipe?: unknown }).pipe !== "function"
  );
}

/** A value still to check, with the way back to the root to name it by if it is at fault. */
interface Pending {
  value: unknown;
  key: string | null;
  parent: Pending | null;
}

function pathOf(node: Pending): string[] {
  const path: string[] = [];
  for (let at: Pending | null = node; at && at.key !== null; at = at.parent) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string (value or object key) in `input` that is not well-formed text,
 * as the validation errors name fields ("numbers.3", "role.name"), or null when all are. An
 * object key at fault is named by its object. Walked without recursion, and in time linear in the
 * input: each value links to its parent, and a path is built only for the one at fault (a copied
 * path per level was quadratic in the depth). The JSON parser bounds the depth before this runs
 * (http/json-body.ts).
 */
export function malformedTextPath(input: unknown): string[] | null {
  const pending: Pending[] = [{ value: input, key: null, parent: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value } = next;
    if (typeof value === "string") {
      if (!isWellFormedText(value)) return pathOf(next);
    } else if (value !== null && typeof value === "object" && isParsedData(value)) {
      const entries = Object.entries(value);
      if (entries.some(([key]) => !isWellFormedText(key))) return pathOf(next);
      // Pushed last to first, so fields are checked (and the first at fault named) in order.
      for (let i = entries.length - 1; i >= 0; i--)
        pending.push({ value: entries[i]![1], key: entries[i]![0], parent: next });
    }
  }
  return null;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route with the schemas of what it reads: the malformed-text tests are generated from it. */
    inputRoutes: InputRoute[];
  }
}

export interface InputRoute {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
  /** A public API route: its key is checked before this check runs. */
  apiKey: boolean;
}

/** Where a request carries what the client typed, in the order the fields are reported. */
const SOURCES = ["params", "query", "body"] as const;

/**
 * One check for every route, before its schema (docs/security.md): path parameters, query string
 * and parsed body are refused with a 400 naming the field when any string in them is not
 * well-formed text. Streamed bodies (file uploads) and raw ones (signed webhooks) are not parsed
 * here and are read by their own code.
 */
export function registerWellFormedText(app: FastifyInstance) {
  const routes: InputRoute[] = [];
  app.decorate("inputRoutes", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (method === "HEAD") continue;
      const { body, querystring, params } = route.schema ?? {};
      routes.push({
        method,
        url: route.url,
        schema: { body, querystring, params },
        apiKey: Boolean(route.config?.apiKey),
      });
    }
  });
  app.addHook("preValidation", async (request) => {
    for (const source of SOURCES) {
      const path = malformedTextPath(request[source]);
      if (path) throw fieldError(path.join(".") || source, "invalid_characters");
    }
  });
}
