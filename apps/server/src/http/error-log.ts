import { DrizzleQueryError } from "drizzle-orm";

/**
 * What an error may write to the log (docs/security.md): a database error carries the values of the
 * statement that failed (drizzle's `params` and its message, PGlite's `params`, PostgreSQL's
 * `detail` such as "Key (secret)=(whsec_...)" or "Failing row contains (...)"), and those are
 * webhook secrets, password hashes, e-mail addresses and phone numbers. So fields are copied only
 * when they are known to hold no value from a row: anything else is left out by default.
 */
const SAFE_FIELDS = [
  "code",
  "errno",
  "syscall",
  "address",
  "port",
  "statusCode",
  "severity",
  "constraint",
  "table",
  "column",
  "dataType",
  "schema",
  "routine",
  "position",
] as const;

/** A PostgreSQL error (pg or PGlite): a five-character SQLSTATE and a severity. */
function isDatabaseError(error: Error): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string";
}

/** Quoted text PostgreSQL writes after these words names a table, column or constraint: kept. */
const NAMES_AN_OBJECT =
  /\b(?:constraint|relation|column|table|index|schema|sequence|function|database|role|trigger|view|extension|cursor|savepoint|encoding|type)\s$/i;

/**
 * PostgreSQL quotes the offending value in data errors (`invalid input syntax for type uuid: "..."`):
 * every quoted fragment is redacted unless it names an object.
 */
function redactQuoted(message: string): string {
  return message.replace(/"(?:[^"]|"")*"/g, (quoted, offset: number) =>
    NAMES_AN_OBJECT.test(message.slice(Math.max(0, offset - 24), offset)) ? quoted : '"[redacted]"',
  );
}

/** The message of one error (not its causes) with every value a statement held taken out. */
function ownMessage(error: Error): string {
  if (error instanceof DrizzleQueryError) return `Failed query: ${error.query}\nparams: [redacted]`;
  if (isDatabaseError(error)) return redactQuoted(error.message);
  return error.message;
}

/** An error's message fit for a log line or a terminal, its causes' after it. */
export function errorMessageForLog(error: unknown): string {
  if (!(error instanceof Error)) return "non-error thrown";
  const cause = error.cause instanceof Error ? `: ${errorMessageForLog(error.cause)}` : "";
  return `${ownMessage(error)}${cause}`;
}

/** An error as the log writes it. */
export interface LoggedError {
  [field: string]: unknown;
  type: string;
  message: string;
  stack: string;
}

/**
 * Serialises an error for pino (the `err` serializer of every logger): type, message and stack
 * with values redacted, the safe fields, and the same for its causes and, for an AggregateError,
 * the errors it gathers. Anything thrown that is not an Error is written as its type only.
 */
export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: "non-error thrown", stack: "" };
  const message = ownMessage(error);
  const stack = error.stack ?? "";
  const out: LoggedError = {
    type: error.constructor?.name ?? error.name,
    message,
    // The stack's first line repeats the message.
    stack: error.message && message !== error.message ? stack.split(error.message).join(message) : stack,
  };
  for (const field of SAFE_FIELDS) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === "string" || typeof value === "number") out[field] = value;
  }
  // The SQL text is written with placeholders: it tells which statement failed, with no values.
  const query = (error as { query?: unknown }).query;
  if (typeof query === "string") out.query = query;
  if (depth < 5) {
    if (error.cause !== undefined) out.cause = errorForLog(error.cause, depth + 1);
    if (error instanceof AggregateError) out.errors = error.errors.map((e) => errorForLog(e, depth + 1));
  }
  return out;
}

/**
 * pino's log formatter: an error passed under any other key than `err` is written as `errorForLog`
 * writes it (pino would otherwise copy every enumerable field, `params` and `detail` included).
 * `err` is left to its serializer, which pino runs after this formatter.
 */
export function errorsForLog(object: Record<string, unknown>): Record<string, unknown> {
  let out = object;
  for (const [key, value] of Object.entries(object))
    if (key !== "err" && value instanceof Error) {
      if (out === object) out = { ...object };
      out[key] = errorForLog(value);
    }
  return out;
}
