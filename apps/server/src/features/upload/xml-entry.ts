import type { Entry } from "yauzl";
import { AppError } from "../../core/app-error";
import { BoundedXmlParser } from "./bounded-xml";
import { uploadError } from "./upload-error";
import type { ZipArchive } from "./zip-archive";

export type { XmlTag } from "./bounded-xml";
export type XmlParser = BoundedXmlParser;

/** A parser whose memory does not grow with what the part holds (see bounded-xml). */
export function xmlParser(): XmlParser {
  return new BoundedXmlParser();
}

/** "x:row" -> "row": some writers put the spreadsheet namespace on a prefix. */
export function localName(name: string): string {
  const colon = name.indexOf(":");
  return colon === -1 ? name : name.slice(colon + 1);
}

/**
 * XML written to the parser at once. What the handlers collect from one write is handed on only
 * after it, and a few bytes of XML can expand a lot (a cell pointing at a long shared string, a
 * cell far to the right), so a small slice keeps what is held at once small (docs/security.md,
 * "Uploads"); inflated chunks are about 16 KB, cut into four.
 */
const SLICE_CHARS = 4 * 1024;

/**
 * Streams a zip entry's XML into `parser`, yielding after each slice so the caller can hand out
 * what the handlers collected so far. XML that does not parse is fileCorrupt; errors the handlers
 * throw (limits) pass through.
 */
export async function* feedXml(archive: ZipArchive, entry: Entry, parser: XmlParser): AsyncGenerator<void> {
  let decoder: InstanceType<typeof TextDecoder> | null = null;
  try {
    for await (const chunk of archive.read(entry)) {
      // Workbook parts are UTF-8 in practice; the standard also allows UTF-16 with a BOM.
      decoder ??= new TextDecoder(chunk[0] === 0xff ? "utf-16le" : chunk[0] === 0xfe ? "utf-16be" : "utf-8");
      const text = decoder.decode(chunk, { stream: true });
      for (let at = 0; at < text.length; at += SLICE_CHARS) {
        parser.write(text.slice(at, at + SLICE_CHARS));
        yield;
      }
    }
    if (decoder) parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    throw err instanceof AppError ? err : uploadError("fileCorrupt");
  }
}

/** Parses a whole entry with the handlers already on `parser`. */
export async function parseXml(archive: ZipArchive, entry: Entry, parser: XmlParser): Promise<void> {
  for await (const _ of feedXml(archive, entry, parser)) {
    // The handlers collect everything.
  }
}
