import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

/**
 * One page of a receipt or a statement, already in the reader's language: the renderer only lays
 * it out, so what a document says is tested on this model and on the PDF's text alike.
 */
export interface PdfModel {
  /** The partner's brand the customer sees (docs/operations.md, "Billing details, receipts and statements"). */
  brand: { name: string; email: string };
  title: string;
  /** Label and value pairs under the title: number, date, period. */
  facts: [string, string][];
  billedTo: { label: string; lines: string[] };
  lines: { header: [string, string]; rows: [string, string][]; total: [string, string] };
  footer: string;
}

type PdfKitDocument = {
  on(event: "data", listener: (chunk: Buffer) => void): void;
  on(event: "end", listener: () => void): void;
  on(event: "error", listener: (error: Error) => void): void;
  registerFont(name: string, source: Buffer): void;
  font(name: string): PdfKitDocument;
  fontSize(size: number): PdfKitDocument;
  fillColor(color: string): PdfKitDocument;
  strokeColor(color: string): PdfKitDocument;
  text(text: string, x?: number, y?: number, options?: Record<string, unknown>): PdfKitDocument;
  text(text: string, options: Record<string, unknown>): PdfKitDocument;
  moveTo(x: number, y: number): PdfKitDocument;
  lineTo(x: number, y: number): PdfKitDocument;
  stroke(): PdfKitDocument;
  heightOfString(text: string, options?: Record<string, unknown>): number;
  end(): void;
  y: number;
};
type PdfKitConstructor = new (options: Record<string, unknown>) => PdfKitDocument;

/**
 * The library and the font are loaded on the first document only, not at start: most processes
 * never make one, and the font alone is 8 MB. Noto Sans SC (`@embedpdf/fonts-sc`, GB2312, SIL
 * Open Font License) holds Latin and Simplified Chinese, so one font serves every language;
 * pdfkit embeds only the glyphs a document uses (a receipt is a few tens of kB).
 */
let loaded: Promise<{ PDFDocument: PdfKitConstructor; font: Buffer }> | null = null;
function load() {
  loaded ??= (async () => {
    // pdfkit ships no types; the few calls made here are typed by PdfKitDocument above.
    const require = createRequire(import.meta.url);
    const PDFDocument = require("pdfkit") as PdfKitConstructor;
    const fonts = join(dirname(require.resolve("@embedpdf/fonts-sc")), "../fonts");
    const font = await readFile(join(fonts, "NotoSansHans-Regular.otf"));
    return { PDFDocument, font };
  })().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

const MARGIN = 56;
const WIDTH = 595.28 - 2 * MARGIN;
const INK = "#1f1f1f";
const MUTED = "#666666";

/** Lays out the model on one A4 page; `compress: false` keeps the text streams readable (tests). */
export async function renderPdf(model: PdfModel, options: { compress?: boolean } = {}): Promise<Buffer> {
  const { PDFDocument, font } = await load();
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    compress: options.compress ?? true,
    info: { Title: `${model.title} — ${model.brand.name}`, Author: model.brand.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  doc.registerFont("body", font);
  doc.font("body");

  // The brand on the left, the document's title on the right.
  const top = MARGIN;
  doc
    .fillColor(INK)
    .fontSize(18)
    .text(model.brand.name, MARGIN, top, { width: WIDTH / 2 });
  if (model.brand.email)
    doc
      .fillColor(MUTED)
      .fontSize(9)
      .text(model.brand.email, { width: WIDTH / 2 });
  doc
    .fillColor(INK)
    .fontSize(18)
    .text(model.title, MARGIN + WIDTH / 2, top, { width: WIDTH / 2, align: "right" });
  let y = top + 56;

  for (const [label, value] of model.facts) {
    doc.fillColor(MUTED).fontSize(9).text(label, MARGIN, y, { width: 140 });
    doc
      .fillColor(INK)
      .fontSize(10)
      .text(value, MARGIN + 150, y, { width: WIDTH - 150 });
    y = doc.y + 4;
  }

  y += 12;
  doc.fillColor(MUTED).fontSize(9).text(model.billedTo.label, MARGIN, y);
  doc.fillColor(INK).fontSize(10);
  for (const line of model.billedTo.lines) doc.text(line, { width: WIDTH });
  y = doc.y + 20;

  const amountWidth = 150;
  const row = (cells: [string, string], size: number, color: string) => {
    doc.fillColor(color).fontSize(size);
    const height = doc.heightOfString(cells[0], { width: WIDTH - amountWidth - 10 });
    doc.text(cells[0], MARGIN, y, { width: WIDTH - amountWidth - 10 });
    doc.text(cells[1], MARGIN + WIDTH - amountWidth, y, { width: amountWidth, align: "right" });
    y += Math.max(height, size + 2) + 6;
  };
  const rule = () => {
    doc
      .strokeColor("#d9d9d9")
      .moveTo(MARGIN, y)
      .lineTo(MARGIN + WIDTH, y)
      .stroke();
    y += 6;
  };
  row(model.lines.header, 9, MUTED);
  rule();
  for (const cells of model.lines.rows) row(cells, 10, INK);
  rule();
  row(model.lines.total, 12, INK);

  doc
    .fillColor(MUTED)
    .fontSize(8)
    .text(model.footer, MARGIN, y + 24, { width: WIDTH });
  doc.end();
  return done;
}
