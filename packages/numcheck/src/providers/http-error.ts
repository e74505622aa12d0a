import { LookupError } from "../types";

/** A non-2xx answer of an upstream HTTP API, classified for the retry policy and the breaker. */
export class UpstreamHttpError extends LookupError {
  constructor(
    message: string,
    kind: LookupError["kind"],
    retryable: boolean,
    readonly status: number,
    /** The server's Retry-After, when it sent one. */
    retryAfterMs: number | null,
    /** The provider's own error code from the body (Twilio 20003, tyntec's problem type), when it gave one. */
    readonly providerCode: string | null = null,
  ) {
    super(message, kind, retryable, retryAfterMs);
  }
}

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now: number = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * 408 → timeout (retryable); 429 and 5xx → upstream (retryable); 402 → out_of_credit (the provider
 * account has no credit left: not retryable here, another provider may answer; docs/providers.md);
 * any other 4xx → rejected (not retryable: the request or the credentials are wrong, asking again
 * changes nothing).
 */
export function errorForStatus(
  service: string,
  status: number,
  retryAfter: string | null,
  providerCode: string | null = null,
): UpstreamHttpError {
  const retryAfterMs = parseRetryAfter(retryAfter);
  const message = `${service}: upstream answered HTTP ${status}${providerCode ? ` (${providerCode})` : ""}`;
  const error = (kind: LookupError["kind"], retryable: boolean) =>
    new UpstreamHttpError(message, kind, retryable, status, retryAfterMs, providerCode);
  if (status === 408) return error("timeout", true);
  if (status === 429 || status >= 500) return error("upstream", true);
  if (status === 402) return error("out_of_credit", false);
  return error("rejected", false);
}
