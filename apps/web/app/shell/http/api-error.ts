import type { FieldError } from "@nc/contracts/envelope";

/**
 * A download answered with a success envelope instead of its file: a failure the client finds
 * itself, below zero as "network" (-1) is, so as never to meet a code of the server's.
 */
export const DOWNLOAD_WITHOUT_FILE_CODE = -2;

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
