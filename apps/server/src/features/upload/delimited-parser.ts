import { capCell, MAX_CELL_CHARS, MAX_ROW_CELLS, MAX_ROW_CHARS } from "./limits";
import { rowTooLarge } from "./upload-error";

const QUOTE = 34;
const LF = 10;
const CR = 13;

/**
 * RFC 4180 rows from text that arrives in pieces: quoted fields ("a,""b""" and line breaks inside
 * quotes), LF, CRLF and CR line ends, cells trimmed, rows with no content skipped. A hand-written
 * state machine because it is the hot loop of every upload: unquoted text is sliced, never copied
 * character by character, and quoted text is crossed with indexOf.
 *
 * Lenient where files are sloppy: a quote inside an unquoted field is content (5" screen), text after
 * a closing quote is kept, and an unclosed quote runs to the end of the file (capped, see limits.ts).
 *
 * A row is bounded (docs/security.md, "Uploads"): a non-empty cell past MAX_ROW_CELLS columns, or
 * more than MAX_ROW_CHARS characters of cells, is fileRowTooLarge with the row's number (rows
 * counted as records, empty ones included). Empty cells past the last column allowed are dropped:
 * a spreadsheet saved as CSV with a stray cell far right gives every row many empty ones.
 */
export class DelimitedParser {
  /** Char code of the separator, or -1 for one column per line. */
  private readonly separator: number;
  private row: string[] = [];
  private rowChars = 0;
  /** The current row's number (1-based). */
  private rowNumber = 1;
  /** The current field's text from earlier pieces (or before a quoted part). */
  private field = "";
  private inQuotes = false;
  /** A piece ended on a quote inside quotes: escaped ("") or closing, the next piece tells. */
  private quoteAtEnd = false;
  /** A piece ended on CR: an LF starting the next piece belongs to the same line end. */
  private afterCR = false;

  constructor(delimiter: string | null) {
    this.separator = delimiter ? delimiter.charCodeAt(0) : -1;
  }

  /** Parses the next piece of text, adding the rows it completes to `out`. */
  push(text: string, out: string[][]): void {
    const n = text.length;
    let i = 0;
    if (this.afterCR) {
      this.afterCR = false;
      if (n > 0 && text.charCodeAt(0) === LF) i = 1;
    }
    if (this.quoteAtEnd) {
      this.quoteAtEnd = false;
      if (n > 0 && text.charCodeAt(0) === QUOTE) {
        this.appendField('"');
        i = 1;
      } else {
        this.inQuotes = false;
      }
    }
    const separator = this.separator;
    let start = i;
    while (i < n) {
      if (this.inQuotes) {
        const q = text.indexOf('"', i);
        if (q === -1) break;
        if (q + 1 === n) {
          this.appendField(text.slice(start, q));
          this.quoteAtEnd = true;
          start = n;
          break;
        }
        if (text.charCodeAt(q + 1) === QUOTE) {
          this.appendField(text.slice(start, q + 1)); // with one of the two quotes
          i = q + 2;
        } else {
          this.appendField(text.slice(start, q));
          this.inQuotes = false;
          i = q + 1;
        }
        start = i;
        continue;
      }
      const c = text.charCodeAt(i);
      if (c === separator) {
        this.addCell(this.field + text.slice(start, i));
        start = ++i;
      } else if (c === LF || c === CR) {
        this.addCell(this.field + text.slice(start, i));
        this.endRow(out);
        i += 1;
        if (c === CR) {
          if (i === n) this.afterCR = true;
          else if (text.charCodeAt(i) === LF) i += 1;
        }
        start = i;
      } else if (c === QUOTE && isBlank(this.field, 0, this.field.length) && isBlank(text, start, i)) {
        // A quote opens a quoted field only at its start (spaces before it are dropped).
        this.inQuotes = true;
        this.field = "";
        start = ++i;
      } else {
        i += 1;
      }
    }
    if (start < n) this.appendField(text.slice(start, n));
  }

  /** Ends the text: the last line needs no line break. */
  end(out: string[][]): void {
    this.inQuotes = false;
    this.quoteAtEnd = false;
    if (this.field !== "" || this.row.length > 0) {
      this.addCell(this.field);
      this.endRow(out);
    }
  }

  /** Text carried across pieces or quotes: the only way a field can outgrow a piece, so capped here. */
  private appendField(text: string): void {
    if (this.field.length < MAX_CELL_CHARS) this.field = capCell(this.field + text);
  }

  private addCell(text: string): void {
    const cell = capCell(text).trim();
    this.field = "";
    this.rowChars += cell.length;
    if (this.row.length < MAX_ROW_CELLS) this.row.push(cell);
    else if (cell !== "") throw rowTooLarge(this.rowNumber);
    if (this.rowChars > MAX_ROW_CHARS) throw rowTooLarge(this.rowNumber);
  }

  private endRow(out: string[][]): void {
    const row = this.row;
    this.row = [];
    this.rowChars = 0;
    this.rowNumber += 1;
    for (const cell of row) {
      if (cell !== "") {
        out.push(row);
        return;
      }
    }
  }
}

/** Only spaces (a quote after them still opens a quoted field); stops at the first other character. */
function isBlank(text: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 0xa0 && c !== 0x3000 && c !== 0xfeff) return false;
  }
  return true;
}
