import type { Entry } from "yauzl";
import { capCell, MAX_CELL_CHARS } from "./limits";
import { formatBytes, uploadError } from "./upload-error";
import { localName, parseXml, xmlParser } from "./xml-entry";
import type { ZipArchive } from "./zip-archive";

/**
 * The string table is the one part held in memory (cells point into it from anywhere in the
 * sheet). Capped, in characters, so a table that unpacks within the limits still cannot take the
 * process down; each entry also costs a little for its slot, so millions of empty strings count.
 */
export const MAX_SHARED_STRING_CHARS = 256 * 1024 * 1024;
const ENTRY_COST = 16;

/**
 * xl/sharedStrings.xml as an array: each <si> is the concatenation of its <t> texts (plain or
 * rich-text runs), leaving out phonetic guides (<rPh>), as Excel shows the cell.
 */
export async function readSharedStrings(archive: ZipArchive, entry: Entry): Promise<string[]> {
  const strings: string[] = [];
  let budget = MAX_SHARED_STRING_CHARS;
  let current: string | null = null;
  let inText = false;
  let phonetic = 0;
  const tooMuch = () => uploadError("fileExpandsTooMuch", { max: formatBytes(MAX_SHARED_STRING_CHARS) });

  const parser = xmlParser();
  parser.on("opentag", (tag) => {
    const name = localName(tag.name);
    if (name === "si") current = "";
    else if (name === "rPh") phonetic += 1;
    else if (name === "t" && current !== null && phonetic === 0) inText = !tag.isSelfClosing;
  });
  parser.on("closetag", (tag) => {
    const name = localName(tag.name);
    if (name === "t") inText = false;
    else if (name === "rPh") phonetic -= 1;
    else if (name === "si" && current !== null) {
      budget -= current.length + ENTRY_COST;
      if (budget < 0) throw tooMuch();
      strings.push(current);
      current = null;
    }
  });
  const onText = (text: string) => {
    if (!inText || current === null || current.length >= MAX_CELL_CHARS) return;
    current = capCell(current + text);
    if (current.length > budget) throw tooMuch();
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  await parseXml(archive, entry, parser);
  return strings;
}
