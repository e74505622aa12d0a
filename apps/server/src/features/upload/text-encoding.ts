/** Bytes looked at to choose an encoding; the rest of the file must then decode in it. */
export const ENCODING_SAMPLE_BYTES = 64 * 1024;

export type TextEncodingName = "utf-8" | "utf-16le" | "utf-16be" | "gb18030" | "windows-1252";

/**
 * The encoding of an uploaded text file, or null when the bytes are not text at all. Order: a BOM
 * decides; then UTF-16 without BOM, recognised by a NUL in every other byte (phone lists are
 * mostly ASCII); then UTF-8 when the sample is valid UTF-8; else GB18030 (a superset of GBK and
 * GB2312), what Excel and WPS save "CSV" as on Chinese Windows, when the sample decodes in it;
 * else Windows-1252, what Excel saves "CSV" as on Spanish, Portuguese and other Western Windows
 * (a name like "José" is not valid GB18030 when the accent ends the field).
 *
 * `complete` says `head` is the whole file; otherwise a character cut at the end of the sample
 * is not held against UTF-8.
 */
export function detectEncoding(head: Uint8Array, complete: boolean): TextEncodingName | null {
  if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) return "utf-8";
  if (head[0] === 0xff && head[1] === 0xfe) return "utf-16le";
  if (head[0] === 0xfe && head[1] === 0xff) return "utf-16be";
  const sample = head.subarray(0, ENCODING_SAMPLE_BYTES);
  const utf16 = utf16ByNuls(sample);
  if (utf16) return utf16;
  if (sample.includes(0)) return null;
  const final = complete && head.length <= ENCODING_SAMPLE_BYTES;
  // A character cut at the very end still counts as UTF-8: the full decode then reports it.
  if (decodes("utf-8", sample, false)) return "utf-8";
  return decodes("gb18030", sample, final) ? "gb18030" : "windows-1252";
}

function decodes(encoding: TextEncodingName, sample: Uint8Array, final: boolean): boolean {
  try {
    new TextDecoder(encoding, { fatal: true }).decode(sample, { stream: !final });
    return true;
  } catch {
    return false;
  }
}

/** ASCII in UTF-16 is one NUL per character, always on the same side; binary data has them anywhere. */
function utf16ByNuls(sample: Uint8Array): TextEncodingName | null {
  const pairs = sample.length >> 1;
  let even = 0;
  let odd = 0;
  for (let i = 0; i + 1 < sample.length; i += 2) {
    if (sample[i] === 0) even += 1;
    if (sample[i + 1] === 0) odd += 1;
  }
  if (odd >= pairs * 0.3 && even <= odd * 0.05) return "utf-16le";
  if (even >= pairs * 0.3 && odd <= even * 0.05) return "utf-16be";
  return null;
}
