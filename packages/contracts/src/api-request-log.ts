/**
 * The API request log's answers and constants, without schemas: the browser reads these
 * (docs/architecture.md, "Decisions and why"); the query schema is in api-requests.ts.
 */

export const API_REQUEST_METHODS = ["GET", "POST", "DELETE"] as const;

/** The lowest and highest status a status filter stands for. */
export function statusRange(filter: string): [number, number] {
  if (filter.endsWith("xx")) {
    const base = Number(filter[0]) * 100;
    return [base, base + 99];
  }
  return [Number(filter), Number(filter)];
}

/** One logged request. Never a body: a number sent is nowhere in the log. */
export interface ApiRequestView {
  id: string;
  at: string;
  keyId: string;
  /** `nc_<mode>_<lookup>`: the key's public part; null once the key row is gone. */
  keyPrefix: string | null;
  keyName: string | null;
  method: string;
  /** The path as requested, query values that could be a key or a phone number masked. */
  path: string;
  /** The route pattern, e.g. `GET /api/v1/jobs/:id`. */
  endpoint: string;
  status: number;
  latencyMs: number;
  /** The answer's envelope code when it was an error, else null. */
  errorCode: number | null;
  idempotencyKey: string | null;
  requestId: string | null;
  service: string | null;
}

export interface ApiRequestPage {
  items: ApiRequestView[];
  nextCursor: string | null;
}
