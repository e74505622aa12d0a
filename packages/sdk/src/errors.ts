/** One field at fault in a 40001 answer. */
export interface FieldError {
  /** Path of the field, e.g. `numbers.3`. */
  field: string;
  /** Machine-readable reason, e.g. `too_long`. */
  reason: string;
  /** The reason in the client's locale. */
  message: string;
}

/** `api`: the server answered with an error; `connection`: no answer came; `timeout`: none in time. */
export type NumcheckErrorKind = "api" | "connection" | "timeout";

export interface NumcheckErrorInit {
  kind: NumcheckErrorKind;
  status: number;
  code: number;
  message: string;
  data?: unknown;
  requestId?: string | null;
  retryAfter?: number | null;
  cause?: unknown;
}

/**
 * Every failed call: the envelope's `code`, `msg` (as `message`) and `data`, the field errors of a
 * 40001, the HTTP status, the request id and the answer's `Retry-After` in seconds.
 */
export class NumcheckError extends Error {
  override readonly name = "NumcheckError";
  readonly kind: NumcheckErrorKind;
  /** HTTP status; 0 when no answer came. */
  readonly status: number;
  /** The envelope's code (the status followed by two digits); 0 when no answer came. */
  readonly code: number;
  /** The envelope's `data` as sent. */
  readonly data: unknown;
  /** Each field at fault (40001), else empty. */
  readonly fields: FieldError[];
  /** The answer's `X-Request-Id` header (the id the request log shows), when it has one. */
  readonly requestId: string | null;
  /** Seconds the answer asked to wait (`Retry-After`), when it did. */
  readonly retryAfter: number | null;

  constructor(init: NumcheckErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.data = init.data ?? null;
    this.fields = fieldsOf(init.data);
    this.requestId = init.requestId ?? null;
    this.retryAfter = init.retryAfter ?? null;
  }
}

function fieldsOf(data: unknown): FieldError[] {
  const fields = (data as { fields?: unknown } | null | undefined)?.fields;
  if (!Array.isArray(fields)) return [];
  return fields.filter(
    (f): f is FieldError =>
      typeof f === "object" && f !== null && typeof (f as FieldError).field === "string",
  );
}

/** A webhook delivery whose signature is missing, wrong or too old. */
export class WebhookSignatureError extends Error {
  override readonly name = "WebhookSignatureError";
}
