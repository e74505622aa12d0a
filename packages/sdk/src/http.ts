import { NumcheckError } from "./errors.js";
import { isRetryableAnswer, mayResend, nextDelay, parseRetryAfter, type RetryDelay, sleep } from "./retry.js";
import { webCrypto } from "./web-crypto.js";

/** Per-call options, the last argument of every method. */
export interface RequestOptions {
  /** The Idempotency-Key of a POST; default a new `crypto.randomUUID()` per call, kept on its retries. */
  idempotencyKey?: string;
  /** Cancels the call, including the waits between retries. */
  signal?: AbortSignal;
  /** Overrides the client's `maxRetries`. */
  maxRetries?: number;
  /** Overrides the client's `timeoutMs`. */
  timeoutMs?: number;
}

export interface HttpConfig {
  apiKey: string;
  baseUrl: string;
  maxRetries: number;
  timeoutMs: number;
  locale?: string;
  retryDelay: RetryDelay;
  fetch: typeof fetch;
  headers: Record<string, string>;
}

/** A request body made anew for each attempt (a stream is read once). */
export interface RequestBody {
  contentType: string;
  /** Whether a second body can be made: false for a stream the caller handed over. */
  replayable: boolean;
  make(): { body: NonNullable<RequestInit["body"]>; stream: boolean };
}

type QueryValue = string | number | boolean | undefined;

export interface Call {
  method: "GET" | "POST" | "DELETE";
  /** Starting with /api/v1, path parameters already encoded. */
  path: string;
  query?: Record<string, QueryValue>;
  json?: unknown;
  body?: RequestBody;
}

/** Encodes a path parameter. */
export const segment = (value: string | number) => encodeURIComponent(String(value));

/** Sends calls with the key, the retries and the envelope's unwrapping. */
export class HttpClient {
  constructor(readonly config: HttpConfig) {}

  /** A JSON answer's `data`. */
  async json<T>(call: Call, options: RequestOptions = {}): Promise<T> {
    const { response, done, timedOut } = await this.send(call, options);
    let text: string;
    try {
      text = await response.text();
    } catch (caught) {
      if (options.signal?.aborted) throw options.signal.reason;
      throw noAnswer(caught, timedOut());
    } finally {
      done();
    }
    try {
      return (JSON.parse(text) as { data: T }).data;
    } catch (caught) {
      // A 2xx that is not the envelope: something between the client and the API answered.
      throw new NumcheckError({
        kind: "api",
        status: response.status,
        code: 0,
        message: `HTTP ${response.status}: the answer is not JSON`,
        data: text.slice(0, 500),
        requestId: response.headers.get("x-request-id"),
        cause: caught,
      });
    }
  }

  /** A file answer: the response, its time limit lifted once it started (a download may be long). */
  async file(call: Call, options: RequestOptions = {}): Promise<Response> {
    const { response, done } = await this.send(call, options);
    done();
    return response;
  }

  private url(call: Call): string {
    // Relative to the base, so a site served under a path prefix keeps it.
    const base = this.config.baseUrl.endsWith("/") ? this.config.baseUrl : `${this.config.baseUrl}/`;
    const url = new URL(call.path.replace(/^\//, ""), base);
    for (const [name, value] of Object.entries(call.query ?? {}))
      if (value !== undefined) url.searchParams.set(name, String(value));
    return url.toString();
  }

  private headers(call: Call, idempotencyKey: string | undefined): Record<string, string> {
    const headers: Record<string, string> = {
      ...this.config.headers,
      Accept: "application/json",
      Authorization: `Bearer ${this.config.apiKey}`,
    };
    if (this.config.locale) headers["Accept-Language"] = this.config.locale;
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    if (call.json !== undefined) headers["Content-Type"] = "application/json";
    if (call.body) headers["Content-Type"] = call.body.contentType;
    return headers;
  }

  private async send(
    call: Call,
    options: RequestOptions,
  ): Promise<{ response: Response; done: () => void; timedOut: () => boolean }> {
    const idempotencyKey =
      call.method === "POST" ? (options.idempotencyKey ?? (await webCrypto()).randomUUID()) : undefined;
    const maxRetries = options.maxRetries ?? this.config.maxRetries;
    const timeoutMs = options.timeoutMs ?? this.config.timeoutMs;
    const resendable = mayResend({
      method: call.method,
      idempotencyKey,
      replayable: call.body?.replayable ?? true,
    });
    const url = this.url(call);
    const headers = this.headers(call, idempotencyKey);
    for (let attempt = 0; ; attempt++) {
      const made = call.body?.make();
      const init: RequestInit & { duplex?: "half" } = {
        method: call.method,
        headers,
        body: made ? made.body : call.json === undefined ? undefined : JSON.stringify(call.json),
      };
      // A streamed body needs half duplex (the Fetch standard; Node.js refuses it without).
      if (made?.stream) init.duplex = "half";
      const limit = attemptSignal(timeoutMs, options.signal);
      let error: NumcheckError;
      try {
        const response = await this.config.fetch(url, { ...init, signal: limit.signal });
        if (response.ok) return { response, done: limit.clear, timedOut: limit.timedOut };
        error = await errorOf(response);
        limit.clear();
        if (!isRetryableAnswer(error.status, error.code)) throw error;
      } catch (caught) {
        limit.clear();
        if (caught instanceof NumcheckError) throw caught;
        if (options.signal?.aborted) throw options.signal.reason;
        error = noAnswer(caught, limit.timedOut());
      }
      if (attempt >= maxRetries || !resendable) throw error;
      const retryAfterMs = error.retryAfter === null ? null : error.retryAfter * 1000;
      await sleep(nextDelay(attempt, retryAfterMs, this.config.retryDelay), options.signal);
    }
  }
}

/** One attempt's signal: the caller's, and the time limit. */
function attemptSignal(timeoutMs: number, outer?: AbortSignal) {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new Error(`no answer within ${timeoutMs} ms`));
  }, timeoutMs);
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    clear: () => {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    },
  };
}

function noAnswer(cause: unknown, timedOut: boolean): NumcheckError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new NumcheckError({
    kind: timedOut ? "timeout" : "connection",
    status: 0,
    code: 0,
    message: timedOut ? "The API did not answer in time." : `The API could not be reached: ${reason}`,
    cause,
  });
}

/** The error of a non-2xx answer: its envelope, or what can be said of a non-JSON one (a proxy's page). */
async function errorOf(response: Response): Promise<NumcheckError> {
  const retryAfterMs = parseRetryAfter(response.headers.get("retry-after"));
  const common = {
    kind: "api" as const,
    status: response.status,
    requestId: response.headers.get("x-request-id") ?? response.headers.get("request-id"),
    retryAfter: retryAfterMs === null ? null : Math.ceil(retryAfterMs / 1000),
  };
  const text = await response.text().catch(() => "");
  try {
    const envelope = JSON.parse(text) as { code?: unknown; msg?: unknown; data?: unknown };
    if (typeof envelope.code === "number" && typeof envelope.msg === "string")
      return new NumcheckError({
        ...common,
        code: envelope.code,
        message: envelope.msg,
        data: envelope.data,
      });
  } catch {
    // Not an envelope: described below.
  }
  const message = `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
  return new NumcheckError({
    ...common,
    code: response.status * 100,
    message,
    data: text.slice(0, 500) || null,
  });
}
