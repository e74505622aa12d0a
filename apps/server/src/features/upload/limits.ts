/**
 * Excel's own limits, applied to every format. Beyond them a "cell" is not data a person typed
 * but a broken file (an unclosed quote swallowing the rest of a CSV) or a hostile one; capping
 * keeps memory bounded by these instead of by the file's size.
 */

/** Characters kept of one cell; the rest is dropped. */
export const MAX_CELL_CHARS = 32_767;
/** Columns of one row (XFD); cells further right are dropped from text files. */
export const MAX_COLUMNS = 16_384;

export function capCell(text: string): string {
  return text.length > MAX_CELL_CHARS ? text.slice(0, MAX_CELL_CHARS) : text;
}
