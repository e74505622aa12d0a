import { fieldError } from "./app-error";
import { isUuid } from "./uuid";

/** The position after the last row of a page read newest first, by (created_at, id). */
export interface Cursor {
  /** The row's exact time as the database wrote it (microseconds kept, see docs/architecture.md). */
  createdAt: string;
  id: string;
}

/** The cursor is opaque to clients: base64url of the last row's exact time and id. */
export const encodeCursor = (c: Cursor): string =>
  Buffer.from(`${c.createdAt}|${c.id}`).toString("base64url");

// An ISO time with up to microseconds and a zone, then a UUID: anything else would reach the
// database as a malformed timestamptz or uuid and fail there, not here.
const CURSOR_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/i;

/** A bigserial id as text (the request log's rows). */
export const isSerialId = (id: string): boolean => /^[1-9]\d{0,18}$/.test(id);

/**
 * Reads a cursor a client sent back; anything else is 40001 on the field `cursor`. Ids are UUIDs
 * unless the list says otherwise (`isSerialId`).
 */
export function decodeCursor(text: string, isId: (id: string) => boolean = isUuid): Cursor {
  const raw = Buffer.from(text, "base64url").toString();
  const [createdAt = "", id = "", ...more] = raw.split("|");
  if (more.length > 0 || !CURSOR_TIME.test(createdAt) || !isId(id) || Number.isNaN(Date.parse(createdAt)))
    throw fieldError("cursor", "invalid");
  return { createdAt, id };
}

/** The optional `cursor` of a list query. */
export const optionalCursor = (
  text: string | undefined,
  isId: (id: string) => boolean = isUuid,
): Cursor | undefined => (text ? decodeCursor(text, isId) : undefined);

/**
 * One page from `limit + 1` rows read newest first: the extra row only tells that more follow,
 * and the cursor points after the last row shown.
 */
export function keysetPage<R extends { created_at: string; id: string }, V>(
  rows: R[],
  limit: number,
  view: (row: R) => V,
): { data: V[]; nextCursor: string | null } {
  const more = rows.length > limit;
  const page = more ? rows.slice(0, limit) : rows;
  const last = page.at(-1);
  return {
    data: page.map(view),
    nextCursor: more && last ? encodeCursor({ createdAt: last.created_at, id: last.id }) : null,
  };
}
