import { capCell, MAX_CELL_CHARS, MAX_COLUMNS, MAX_ROW_CELLS, MAX_ROW_CHARS } from "./limits";
import type { StringTable } from "./string-table";
import { rowTooLarge, uploadError } from "./upload-error";
import { localName, type XmlParser, type XmlTag } from "./xml-entry";

/**
 * Turns a worksheet's SAX events into rows of cell text, placed by their "C12" reference so
 * skipped (empty) cells keep the columns aligned. Values are the stored text: shared and inline
 * strings as written, numbers as their raw <v> ("8613800138000", "4.41E+11": the number engine
 * repairs what it can), booleans as TRUE/FALSE, errors as "#N/A".
 *
 * A row is bounded as it expands (docs/security.md, "Uploads"): a non-empty cell past column
 * MAX_ROW_CELLS, or more than MAX_ROW_CHARS characters of cells, is fileRowTooLarge, whether the
 * text was written in the cell or comes from a shared string (counted at its full length each
 * time it is pointed at).
 */
export function sheetRowCollector(
  parser: XmlParser,
  sharedStrings: StringTable | null,
  out: string[][],
): void {
  let inSheetData = false;
  let row: string[] | null = null;
  /** The row's number as Excel shows it (its r attribute, else one after the last). */
  let rowNumber = 0;
  let rowChars = 0;
  let nextColumn = 0;
  let column = 0;
  let type = "n";
  let value = "";
  let inValue = false;
  let inInline = false;
  let phonetic = 0;

  parser.on("opentag", (tag: XmlTag) => {
    switch (localName(tag.name)) {
      case "sheetData":
        inSheetData = true;
        break;
      case "row":
        if (inSheetData) {
          row = [];
          rowChars = 0;
          nextColumn = 0;
          const r = Number(tag.attributes.r);
          rowNumber = Number.isInteger(r) && r > 0 ? r : rowNumber + 1;
        }
        break;
      case "c": {
        const ref = tag.attributes.r;
        column = ref ? columnOf(ref, nextColumn) : nextColumn;
        type = tag.attributes.t ?? "n";
        value = "";
        break;
      }
      case "v":
        inValue = !tag.isSelfClosing;
        break;
      case "is":
        inInline = true;
        break;
      case "rPh":
        phonetic += 1;
        break;
      case "t":
        inValue = inInline && phonetic === 0 && !tag.isSelfClosing;
        break;
    }
  });

  parser.on("closetag", (tag: XmlTag) => {
    switch (localName(tag.name)) {
      case "sheetData":
        inSheetData = false;
        break;
      case "row":
        // Only cells with text were placed, so a row that is still empty had none.
        if (row && row.length > 0) out.push(row);
        row = null;
        break;
      case "c": {
        nextColumn = column + 1;
        const text = cellText(type, value, sharedStrings).trim();
        if (row && text !== "") {
          rowChars += text.length;
          if (column >= MAX_ROW_CELLS || rowChars > MAX_ROW_CHARS) throw rowTooLarge(rowNumber);
          while (row.length < column) row.push("");
          row[column] = text;
        }
        break;
      }
      case "v":
      case "t":
        inValue = false;
        break;
      case "is":
        inInline = false;
        break;
      case "rPh":
        phonetic -= 1;
        break;
    }
  });

  parser.on("text", (text: string) => {
    if (inValue && value.length < MAX_CELL_CHARS) value = capCell(value + text);
  });
}

function cellText(type: string, value: string, sharedStrings: StringTable | null): string {
  switch (type) {
    case "s": {
      if (value === "") return "";
      const index = Number(value);
      const text = Number.isInteger(index) && index >= 0 ? sharedStrings?.get(index) : undefined;
      if (text === undefined) throw uploadError("fileCorrupt");
      return text;
    }
    case "b":
      return value === "1" ? "TRUE" : value === "0" ? "FALSE" : value;
    default:
      // n, str (formula result), inlineStr (text from <is>), e (error), d (ISO date).
      return value;
  }
}

/** "C12" -> 2 (zero-based); a reference without letters keeps the running position. */
function columnOf(ref: string, fallback: number): number {
  let column = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20; // lower case
    if (c < 97 || c > 122) break;
    column = column * 26 + (c - 96);
  }
  if (i === 0) return fallback;
  if (i > 3 || column > MAX_COLUMNS) throw uploadError("fileCorrupt");
  return column - 1;
}
