/** The head of a content file: `---`, `key: value` lines (values optionally in double quotes), `---`. */
export interface DocFrontMatter {
  title: string;
  description: string;
  order: number;
}

const FENCE = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

function unquote(value: string): string {
  const trimmed = value.trim();
  if (trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"')) {
    return trimmed.slice(1, -1).replace(/\\(["\\])/g, "$1");
  }
  return trimmed;
}

/** Splits a content file into its front matter and markdown body; throws on a malformed head. */
export function parseFrontMatter(source: string, file: string): { meta: DocFrontMatter; body: string } {
  const match = FENCE.exec(source.replace(/^\uFEFF/, ""));
  if (!match) throw new Error(`${file}: no front matter (--- title/description/order ---)`);
  const fields = new Map<string, string>();
  for (const line of match[1]!.split(/\r?\n/)) {
    if (!line.trim() || line.trimStart().startsWith("#")) continue;
    const colon = line.indexOf(":");
    if (colon <= 0) throw new Error(`${file}: front matter line without "key: value": ${line}`);
    fields.set(line.slice(0, colon).trim(), unquote(line.slice(colon + 1)));
  }
  const title = fields.get("title");
  const description = fields.get("description");
  const order = Number(fields.get("order"));
  if (!title) throw new Error(`${file}: front matter has no title`);
  if (!description) throw new Error(`${file}: front matter has no description`);
  if (!Number.isFinite(order)) throw new Error(`${file}: front matter order is not a number`);
  return { meta: { title, description, order }, body: source.replace(/^\uFEFF/, "").slice(match[0].length) };
}
