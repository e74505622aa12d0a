import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md, "Features and their public faces": the table names every server feature
 * that has an index.ts, with exactly the names it exports, and the features without one. The
 * `feature-public-face` rule of .dependency-cruiser.cjs enforces the faces; this keeps the doc true.
 */
const ROOT = resolve(import.meta.dirname, "..");
const FEATURES = join(ROOT, "apps/server/src/features");
const DOC = readFileSync(join(ROOT, "docs/architecture.md"), "utf8");

function exported(feature: string): string[] {
  const text = readFileSync(join(FEATURES, feature, "index.ts"), "utf8");
  return [...text.matchAll(/export\s+(?:type\s+)?\{([^}]*)\}\s*from/g)]
    .flatMap((m) => (m[1] as string).split(","))
    .map(
      (name) =>
        name
          .trim()
          .split(/\s+as\s+/)
          .pop() as string,
    )
    .filter(Boolean)
    .sort();
}

function documented(): Map<string, string[]> {
  const start = DOC.indexOf("| feature | public face");
  const table = DOC.slice(start).split("\n\n")[0] as string;
  const rows = table.split("\n").slice(2);
  return new Map(
    rows.map((row) => {
      const [, feature, face] = row.split("|").map((cell) => cell.trim());
      const names = [...(face as string).matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
      return [feature as string, names.sort()];
    }),
  );
}

const features = readdirSync(FEATURES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const withFace = features.filter((f) => existsSync(join(FEATURES, f, "index.ts")));
const withoutFace = features.filter((f) => !withFace.includes(f));

describe("docs/architecture.md's table of public faces", () => {
  it("lists every feature with an index.ts, and no other", () => {
    expect([...documented().keys()].sort()).toEqual(withFace.sort());
  });

  it.each(withFace)("names exactly what %s/index.ts exports", (feature) => {
    expect(documented().get(feature)).toEqual(exported(feature));
  });

  it("names the features that have no index.ts", () => {
    const sentence = /have no index\.ts \(([^)]*)\)/.exec(DOC.replace(/\s+/g, " "));
    expect(sentence?.[1]?.split(", ").sort()).toEqual(withoutFace.sort());
  });
});
