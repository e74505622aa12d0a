import type { FieldError } from "@nc/contracts/envelope";

/** A non-zero envelope code (or a failed request), with the server's translated message. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
    readonly status = 0,
  ) {
    super(message);
  }

  get fields(): FieldError[] {
    const fields = (this.data as { fields?: FieldError[] } | null)?.fields;
    return Array.isArray(fields) ? fields : [];
  }
}
