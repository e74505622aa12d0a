/**
 * What the first bytes say a file really is, whatever its name says. Only formats people actually
 * upload by mistake (a workbook or a PDF renamed to .csv, a screenshot) need a signature here: any
 * other binary is caught by its NUL bytes (see text-encoding.ts).
 */
const SIGNATURES: readonly (readonly number[])[] = [
  [0x50, 0x4b, 0x03, 0x04], // zip (xlsx, docx, ...)
  [0x50, 0x4b, 0x05, 0x06], // empty zip
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], // OLE: old .xls, encrypted .xlsx
  [0x1f, 0x8b], // gzip
  [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c], // 7z
  [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07], // rar
];

const ZIP = SIGNATURES[0]!;

function startsWith(head: Uint8Array, signature: readonly number[]): boolean {
  return head.length >= signature.length && signature.every((byte, i) => head[i] === byte);
}

/** A zip's first local file header: what every real .xlsx starts with. */
export function isZip(head: Uint8Array): boolean {
  return startsWith(head, ZIP);
}

/** A known binary format (archive, document, image) that no text file starts with. */
export function hasBinarySignature(head: Uint8Array): boolean {
  return SIGNATURES.some((signature) => startsWith(head, signature));
}
