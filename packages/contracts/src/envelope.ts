/** Every JSON answer of the product's API: code 0 is success (docs/architecture.md, "Decisions and why"). */
export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
}

/** One field at fault in a validation error. */
export interface FieldError {
  field: string;
  reason: string;
  message: string;
}

export interface ValidationErrorData {
  fields: FieldError[];
}
