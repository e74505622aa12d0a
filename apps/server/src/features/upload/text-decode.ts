import type { TextEncodingName } from "./text-encoding";
import { uploadError } from "./upload-error";

/** Decode at most this much at once, so one huge chunk never turns into one huge string. */
const PIECE_BYTES = 64 * 1024;
const LF = 10;
const CR = 13;

/**
 * Decodes the bytes as they arrive. A sequence that is invalid in the encoding (a UTF-8 file with
 * a Latin-1 line pasted into it, a truncated character at the end) stops the upload with
 * fileEncodingBroken and the line it happened on, so the customer can find it.
 */
export async function* decodeText(
  chunks: AsyncIterable<Buffer>,
  encoding: TextEncodingName,
): AsyncGenerator<string> {
  const decoder = new TextDecoder(encoding, { fatal: true });
  const lines = new LineCounter();
  let offset = 0;
  for await (const chunk of chunks) {
    for (let start = 0; start < chunk.length; start += PIECE_BYTES) {
      const piece = chunk.subarray(start, start + PIECE_BYTES);
      let text: string;
      try {
        text = decoder.decode(piece, { stream: true });
      } catch {
        throw uploadError("fileEncodingBroken", { row: lines.row + breakLine(piece, encoding, offset) });
      }
      offset += piece.length;
      lines.count(text);
      if (text !== "") yield text;
    }
  }
  let rest: string;
  try {
    rest = decoder.decode();
  } catch {
    throw uploadError("fileEncodingBroken", { row: lines.row });
  }
  if (rest !== "") yield rest;
}

/**
 * Line breaks before the first bad sequence of a piece the strict decoder refused. Only runs once,
 * on the failure, so decoding the piece again leniently costs nothing in the normal case.
 */
function breakLine(piece: Buffer, encoding: TextEncodingName, offset: number): number {
  // Skip what belongs to the character the previous piece ended in, so it is not taken for the break.
  let skip = 0;
  if (encoding === "utf-8") {
    while (skip < 3 && skip < piece.length && (piece[skip]! & 0xc0) === 0x80) skip += 1;
  } else if (encoding === "utf-16le" || encoding === "utf-16be") {
    skip = offset % 2;
  }
  const text = new TextDecoder(encoding).decode(piece.subarray(skip));
  const bad = text.indexOf("\uFFFD");
  const counter = new LineCounter();
  counter.count(bad === -1 ? "" : text.slice(0, bad));
  return counter.row - 1;
}

/** Physical lines seen so far: LF, CRLF and a lone CR each end one, even across pieces. */
class LineCounter {
  row = 1;
  private afterCR = false;

  count(text: string): void {
    let row = this.row;
    let afterCR = this.afterCR;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === LF) {
        if (!afterCR) row += 1;
        afterCR = false;
      } else if (c === CR) {
        row += 1;
        afterCR = true;
      } else {
        afterCR = false;
      }
    }
    this.row = row;
    this.afterCR = afterCR;
  }
}
