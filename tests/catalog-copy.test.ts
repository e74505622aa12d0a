import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { LOCALES } from "@nc/contracts/locales";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CATALOGS = ["apps/web/app/i18n/locales", "apps/server/src/i18n/locales", "packages/contracts/locales"];

/** Every string of every catalog, as [where, text]. */
function strings(locale: string, dirs = CATALOGS): [string, string][] {
  const out: [string, string][] = [];
  const walk = (where: string, node: unknown) => {
    if (typeof node === "string") out.push([where, node]);
    else if (node && typeof node === "object")
      for (const [k, v] of Object.entries(node)) walk(`${where}.${k}`, v);
  };
  for (const dir of dirs) {
    const folder = join(ROOT, dir, locale);
    for (const file of readdirSync(folder).filter((f) => f.endsWith(".json")))
      walk(`${dir}/${locale}/${file}`, JSON.parse(readFileSync(join(folder, file), "utf8")));
  }
  return out;
}

describe("catalog copy", () => {
  it.each(LOCALES)("%s: a count shown to people is written the reader's way (3,000, not 3000)", (locale) => {
    // The browser's i18next hands {{count}} over raw; {{count, number}} goes through
    // Intl.NumberFormat. (The server's translate formats every number parameter itself.)
    const raw = strings(locale, [CATALOGS[0]!]).filter(([, text]) => /\{\{\s*count\s*\}\}/.test(text));
    expect(raw.map(([where]) => where)).toEqual([]);
  });

  it("English has no known slips (words doubled up, a plural after a bare count of one)", () => {
    const slips = strings("en").filter(
      ([, text]) =>
        /\bafter before\b/.test(text) || /\b(\w+) \1\b/i.test(text) || /(^|\s)1 [a-z]+s\b/.test(text),
    );
    expect(slips).toEqual([]);
  });
});
