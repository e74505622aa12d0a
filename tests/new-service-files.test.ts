import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { SERVICES } from "@nc/contracts/services";
import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { describe, expect, it } from "vitest";
import { SPENDING_TYPES } from "../apps/server/src/features/account/account-repo";
import { TRADE_TYPE_LABEL_KEYS } from "../apps/web/app/features/account/trade-type";

/**
 * What a new service must touch (docs/architecture.md, "One service descriptor"): its descriptor
 * in packages/contracts/src/services.ts, its translations (the `services` catalogues) and, for a
 * new kind of look-up, its provider mapping. Product code reads everything else from the
 * descriptor. This test fails when a service's code is written anywhere else in product code, or
 * when code branches on a service's code instead of on what its descriptor says.
 */
const ROOT = join(import.meta.dirname, "..");
const SOURCES = ["apps/server/src", "apps/web/app", "packages/contracts/src", "packages/numcheck/src"];
const ALLOWED = new Set(["packages/contracts/src/services.ts"]);

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return name === "testing" ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = SOURCES.flatMap(sourceFiles).map((path) => ({
  path,
  text: readFileSync(join(ROOT, path), "utf8"),
}));

describe("a new service touches only its descriptor, its provider mapping and its translations", () => {
  it("reads product code from more than a handful of files (the scan works)", () => {
    expect(files.length).toBeGreaterThan(300);
    expect(files.some((f) => f.path === "packages/contracts/src/services.ts")).toBe(true);
  });

  // Codes that are not also the name of a look-up kind ("hlr", "mnp") or a word ("basic").
  const distinct = SERVICES.map((s) => s.code).filter((code) => code.includes("_"));

  it.each(distinct)("the code %s is written only in the descriptor", (code) => {
    const quoted = new RegExp(`["'\`]${code}["'\`]`);
    const offenders = files
      .filter((f) => !ALLOWED.has(f.path) && quoted.test(f.text))
      .map((f) => relative(ROOT, join(ROOT, f.path)));
    expect(offenders).toEqual([]);
  });

  it("no product code branches on a service's code", () => {
    const codes = SERVICES.map((s) => s.code).join("|");
    const branch = new RegExp(`(case|service\\s*[!=]==|\\.startsWith\\()\\s*\\(?["'](${codes})`);
    // The provider mapping speaks of look-up kinds ("hlr", "mnp"), which is where a new kind goes.
    const mapping = (path: string) => path.startsWith("packages/numcheck/src/providers/");
    const offenders = files
      .filter((f) => !ALLOWED.has(f.path) && !mapping(f.path) && branch.test(f.text))
      .map((f) => f.path);
    expect(offenders).toEqual([]);
  });
});

describe('a new service\'s trade type (docs/architecture.md, "Adding a service")', () => {
  const named = new Set<number>(Object.values(TRADE_TYPES));

  it.each(SERVICES.map((s) => [s.code, s.tradeType] as const))(
    "%s charges a named trade type that counts as spending and has a label",
    (_code, tradeType) => {
      expect(named.has(tradeType)).toBe(true);
      expect(SPENDING_TYPES).toContain(tradeType);
      expect(TRADE_TYPE_LABEL_KEYS[tradeType]).toMatch(/^account:tradeTypes\./);
    },
  );

  it("every trade type has a label in the web", () => {
    const byNumber = (a: number, b: number) => a - b;
    expect(Object.keys(TRADE_TYPE_LABEL_KEYS).map(Number).sort(byNumber)).toEqual([...named].sort(byNumber));
  });
});
