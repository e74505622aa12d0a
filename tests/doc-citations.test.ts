import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every citation of a docs section names a heading that exists. Two forms are checked, in code
 * comments and in the Markdown files (docs/*.md, README.md, CONTRIBUTING.md):
 * - `docs/X.md, "Section title"` (also `docs/X.md "Title"` and `docs/X.md ("Title"`), the title
 *   possibly wrapped over several comment lines. It names a section of docs/X.md: a heading whose
 *   text is the title, or the title followed by a parenthesis (`## Title (PostgreSQL only)`), or a
 *   paragraph or list item that opens with the title in bold (`- **Title** (file.ts): ...`), the
 *   way docs/architecture.md names its decisions.
 * - a Markdown link `[text](path/X.md#anchor)` or `[text](#anchor)`, the anchor being the
 *   heading's GitHub slug.
 */

const ROOT = resolve(import.meta.dirname, "..");
const SKIP = new Set(["node_modules", "dist", "build", ".react-router", "data", "test-results", ".git"]);
const SOURCE = /\.(ts|tsx|cjs|mjs|js|sh|md)$/;

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : files(path);
    return SOURCE.test(entry.name) ? [path] : [];
  });
}

/** This file's own examples are not citations. */
const SELF = "tests/doc-citations.test.ts";

const SCANNED = [
  ...["apps", "packages", "bench", "e2e", "tests", "scripts", "docs", ".ci"]
    .flatMap(files)
    .filter((f) => f !== SELF),
  ...["README.md", "CONTRIBUTING.md", "vitest.config.ts", ".dependency-cruiser.cjs"].filter((f) =>
    existsSync(join(ROOT, f)),
  ),
];

function headings(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return [...text.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)].map((m) => m[1] as string);
}

/** The titles in bold that open a paragraph or a list item, trailing full stop or colon left off. */
function boldLeads(doc: string): string[] {
  const text = readFileSync(join(ROOT, doc), "utf8").replace(/^```[\s\S]*?^```/gm, "");
  return [...text.matchAll(/^\s*(?:[-*]\s+|\d+\.\s+)?\*\*([^*]+?)\*\*/gm)].map((m) =>
    (m[1] as string).replace(/[.:]$/, ""),
  );
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .replace(/`/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

/** Lines joined with their comment markers taken out, so a title wrapped over lines reads whole. */
function unwrapped(text: string): string {
  return text.replace(/\s*\n\s*(?:\/\/+|\*(?!\/)|#(?!#))?\s*/g, " ");
}

interface Citation {
  file: string;
  doc: string;
  title?: string;
  anchor?: string;
}

function citations(file: string): Citation[] {
  const text = readFileSync(join(ROOT, file), "utf8");
  const found: Citation[] = [];
  for (const m of unwrapped(text).matchAll(/\bdocs\/([\w-]+\.md)(?:,\s*|\s+\(?)"([^"]+)"/g)) {
    found.push({ file, doc: `docs/${m[1]}`, title: (m[2] as string).trim() });
  }
  if (file.endsWith(".md")) {
    for (const m of text.matchAll(/\]\(([^)\s]*?)#([^)\s]+)\)/g)) {
      const target = m[1] ? relative(ROOT, resolve(ROOT, dirname(file), m[1] as string)) : file;
      if (target.endsWith(".md")) found.push({ file, doc: target, anchor: m[2] as string });
    }
  }
  return found;
}

function broken(citation: Citation): boolean {
  if (!existsSync(join(ROOT, citation.doc))) return true;
  const names = headings(citation.doc);
  if (citation.anchor !== undefined) return !names.some((h) => slug(h) === citation.anchor);
  const title = citation.title as string;
  const named = (h: string) => h === title || h.startsWith(`${title} (`);
  return !names.some(named) && !boldLeads(citation.doc).some(named);
}

describe("citations of docs sections", () => {
  const all = SCANNED.flatMap(citations);

  it("finds the citations it checks", () => {
    expect(all.length).toBeGreaterThan(50);
    expect(SCANNED).toContain("README.md");
  });

  it("name a heading that exists", () => {
    const bad = all.filter(broken).map((c) => `${c.file}: ${c.doc}, ${c.title ?? `#${c.anchor}`}`);
    expect(bad).toEqual([]);
  });

  it("reads wrapped titles and anchors the way they are written", () => {
    expect(unwrapped('(docs/X.md, "Server memory on the embedded\n * database")')).toContain(
      '"Server memory on the embedded database"',
    );
    expect(slug("Which suite proves what")).toBe("which-suite-proves-what");
    expect(slug("`npm run lint`: Biome, then layers")).toBe("npm-run-lint-biome-then-layers");
  });
});
