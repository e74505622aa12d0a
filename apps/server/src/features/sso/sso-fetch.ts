import http from "node:http";
import https from "node:https";
import { isIP } from "node:net";
import { AppError } from "../../core/app-error";
import { guardedLookup, hostOf, isForbiddenAddress, type Resolve } from "../webhook/index";

/** An identity provider's document (discovery, keys, tokens) is small; more is refused. */
export const SSO_RESPONSE_MAX_BYTES = 256 * 1024;

/** What openid-client hands its fetch (a subset of fetch's own init). */
interface SsoFetchInit {
  method?: string;
  headers?: RequestInit["headers"];
  body?: RequestInit["body"];
  signal?: AbortSignal | null;
}

function bodyBytes(body: RequestInit["body"]): Buffer | undefined {
  if (body === null || body === undefined) return undefined;
  if (typeof body === "string" || body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError("unsupported request body");
}

/**
 * The fetch openid-client uses for an organisation's identity provider: every request (discovery,
 * keys, the token endpoint the discovery document names) connects only to public addresses,
 * checked as it connects (guardedLookup), not only when the Owner saved the issuer; a name that
 * later points inside is refused at sign-in (docs/security.md, "Single sign-on"). Redirects are
 * not followed and an answer over SSO_RESPONSE_MAX_BYTES is cut off and refused.
 */
export function ssoFetch(options: { allowPrivate: boolean; resolve?: Resolve }) {
  const lookup = guardedLookup(options);
  return (url: string, init: SsoFetchInit = {}): Promise<Response> =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const host = hostOf(target);
      // Node connects to an address written in the URL without a look-up.
      if (!options.allowPrivate && isIP(host) !== 0 && isForbiddenAddress(host))
        return reject(new AppError("ssoIssuerUnreachable"));
      const body = bodyBytes(init.body);
      const headers = Object.fromEntries(new Headers(init.headers ?? {}));
      if (body) headers["content-length"] = String(body.length);
      const client = target.protocol === "https:" ? https : http;
      const request = client.request(
        target,
        { method: init.method ?? "GET", headers, signal: init.signal ?? undefined, lookup, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on("data", (chunk: Buffer) => {
            size += chunk.length;
            if (size > SSO_RESPONSE_MAX_BYTES) {
              response.destroy();
              reject(new AppError("ssoIssuerUnreachable"));
              return;
            }
            chunks.push(chunk);
          });
          response.on("error", reject);
          response.on("end", () => {
            const answer = new Headers();
            for (let i = 0; i + 1 < response.rawHeaders.length; i += 2)
              answer.append(response.rawHeaders[i]!, response.rawHeaders[i + 1]!);
            const status = response.statusCode ?? 502;
            const empty = status === 204 || status === 304;
            resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answer }));
          });
        },
      );
      request.on("error", reject);
      request.end(body);
    });
}
