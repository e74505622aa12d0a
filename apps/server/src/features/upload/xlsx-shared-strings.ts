import type { Entry } from "yauzl";
import { capCell, MAX_CELL_CHARS, MAX_SHARED_STRINGS } from "./limits";
import { StringTable } from "./string-table";
import { tooComplex } from "./upload-error";
import { localName, parseXml, xmlParser } from "./xml-entry";
import type { ZipArchive } from "./zip-archive";

/**
 * Characters of the string table kept in memory; the rest is spilled to a temp file, so the table
 * costs the heap at most this much (about twice in bytes) whatever the workbook holds.
 */
export const SHARED_STRINGS_MEMORY_CHARS = 4 * 1024 * 1024;

/**
 * xl/sharedStrings.xml as a table: each <si> is the concatenation of its <t> texts (plain or
 * rich-text runs), leaving out phonetic guides (<rPh>), as Excel shows the cell; each is capped at
 * a cell's length. More than MAX_SHARED_STRINGS entries (declared or read) is fileTooComplex: each
 * costs time and a temp-file slot even when empty. The caller disposes of the table.
 */
export async function readSharedStrings(
  archive: ZipArchive,
  entry: Entry,
  tempPath: (part: string) => string,
): Promise<StringTable> {
  const table = new StringTable(tempPath, SHARED_STRINGS_MEMORY_CHARS);
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;

  const parser = xmlParser();
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    if (name === "si") current = "";
    else if (name === "sst" && Number(tag.attributes.uniqueCount) > MAX_SHARED_STRINGS) throw tooComplex();
    else if (name === "rPh") phonetic += 1;
    else if (name === "t" && current !== null && phonetic === 0) inText = !tag.isSelfClosing;
  });
  parser.on("closetag", (tag) => {
    const name = localName(tag.name);
    if (name === "t") inText = false;
    else if (name === "rPh") phonetic -= 1;
    else if (name === "si" && current !== null) {
      if (table.size >= MAX_SHARED_STRINGS) throw tooComplex();
      table.add(current);
      current = null;
    }
  });
  parser.on("text", (text) => {
    if (inText && current !== null && current.length < MAX_CELL_CHARS) current = capCell(current + text);
  });
  try {
    await parseXml(archive, entry, parser);
    table.seal();
    return table;
  } catch (err) {
    await table.dispose();
    throw err;
  }
}
