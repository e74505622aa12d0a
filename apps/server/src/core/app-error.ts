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

/** One field at fault, as a service reports it (the error handler words it). */
export type FieldFault = { field: string; reason: string; params: Record<string, string | number> };

/**
 * A "permission_not_held" fault for each item of the list `field` (as `<field>.N`) whose rights
 * the holder lacks, naming the first missing right: a grant never speaks for more than its granter
 * holds (docs/security.md, "Roles and rights inside an organisation").
 */
export function permissionsNotHeldFaults<T>(
  field: string,
  items: readonly T[],
  notHeld: (item: T) => string | null,
): FieldFault[] {
  return items.flatMap((item, index) => {
    const permission = notHeld(item);
    return permission
      ? [{ field: `${field}.${index}`, reason: "permission_not_held", params: { permission } }]
      : [];
  });
}
