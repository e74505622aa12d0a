import { inflateSync } from "node:zlib";

/**
 * The text of a PDF made by features/invoice/pdf.ts, one line per text operation: its streams
 * inflated, each glyph id mapped back to its characters through the font's ToUnicode map. Enough
 * for the documents this product makes (one embedded font), not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString("latin1");
  const streams: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf("endstream", start);
    const bytes = pdf.subarray(start, end);
    try {
      streams.push(inflateSync(bytes).toString("latin1"));
    } catch {
      streams.push(bytes.toString("latin1"));
    }
  }
  const glyphs = new Map<number, string>();
  // A glyph of several characters (a ligature such as "fi") is written as "<0066 0069>".
  const utf16 = (hex: string) =>
    String.fromCharCode(
      ...(hex.replace(/\s/g, "").match(/.{4}/g) ?? []).map((unit) => Number.parseInt(unit, 16)),
    );
  for (const text of streams.filter((s) => s.includes("beginbfrange") || s.includes("beginbfchar"))) {
    for (const [, from, , list] of text.matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*\[([^\]]*)\]/gi)) {
      const values = [...(list ?? "").matchAll(/<([0-9a-f\s]+)>/gi)].map((m) => utf16(m[1]!));
      for (const [i, value] of values.entries()) glyphs.set(Number.parseInt(from!, 16) + i, value);
    }
    for (const [, code, value] of text.matchAll(/^<([0-9a-f]{4})>\s*<([0-9a-f]+)>$/gim))
      glyphs.set(Number.parseInt(code!, 16), utf16(value!));
  }
  const decode = (hex: string) =>
    (hex.match(/.{4}/g) ?? []).map((id) => glyphs.get(Number.parseInt(id, 16)) ?? "?").join("");
  const lines: string[] = [];
  // Content streams only (they select a font and open text blocks), not the embedded font's bytes.
  for (const text of streams.filter((s) => /\bTf\b/.test(s) && /^BT$/m.test(s))) {
    for (const [, array] of text.matchAll(/\[([^\]\n]*)\]\s*TJ/g))
      lines.push([...(array ?? "").matchAll(/<([0-9a-f]*)>/gi)].map((m) => decode(m[1]!)).join(""));
  }
  return lines.join("\n");
}
