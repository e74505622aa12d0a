import { ERRORS, type ErrorKey } from "@nc/contracts/errors";

/** A failure with a catalogue code; the error handler turns it into the envelope. */
export class AppError extends Error {
  readonly status: number;
  readonly code: number;

  constructor(
    readonly key: ErrorKey,
    readonly data: unknown = null,
    readonly params: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(key);
    this.status = ERRORS[key].status;
    this.code = ERRORS[key].code;
  }
}

/** A validation failure of one field, found by a service rather than by the schema. */
export function fieldError(
  field: string,
  reason: string,
  params: Record<string, string | number> = {},
): AppError {
  return new AppError("validation", { fields: [{ field, reason, params }] });
}
