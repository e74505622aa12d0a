import type { ByteSource } from "./byte-source";
import type { ReadDeadline } from "./deadline";
import { DelimitedParser } from "./delimited-parser";
import { detectDelimiter } from "./delimiter";
import type { OpenedTable } from "./open-table";
import { rowStream } from "./row-stream";
import { decodeText } from "./text-decode";
import type { TextEncodingName } from "./text-encoding";
import { uploadError } from "./upload-error";

/** Decoded text looked at to guess the separator (about the first 50 lines of any real file). */
const DELIMITER_SAMPLE_CHARS = 16 * 1024;

/** A CSV or TXT upload: decoded and parsed as it streams in; only the current piece is in memory. */
export async function openTextTable(
  bytes: ByteSource,
  format: "csv" | "txt",
  encoding: TextEncodingName,
  deadline?: ReadDeadline,
): Promise<OpenedTable> {
  const texts = decodeText(bytes.chunks(), encoding);
  const head: string[] = [];
  let headLength = 0;
  let complete = false;
  while (headLength < DELIMITER_SAMPLE_CHARS) {
    const next = await texts.next();
    if (next.done) {
      complete = true;
      break;
    }
    head.push(next.value);
    headLength += next.value.length;
  }
  const delimiter = detectDelimiter(head.join(""), complete);

  /** The rows of each decoded piece of text, a piece at a time. */
  async function* batches(): AsyncGenerator<string[][]> {
    const parser = new DelimitedParser(delimiter);
    let out: string[][] = [];
    let total = 0;
    try {
      for await (const text of allText()) {
        deadline?.check();
        parser.push(text, out);
        total += out.length;
        if (out.length > 0) yield out;
        out = [];
      }
      parser.end(out);
      total += out.length;
      if (out.length > 0) yield out;
      if (total === 0) throw uploadError("fileEmpty");
    } finally {
      bytes.destroy();
      await texts.return(undefined);
    }
  }

  /** The text read ahead for the separator guess, then the rest of the upload. */
  async function* allText(): AsyncGenerator<string> {
    yield* head.splice(0);
    if (!complete) yield* texts;
  }

  return {
    format,
    encoding,
    delimiter,
    ...rowStream(batches(), () => bytes.destroy()),
  };
}
