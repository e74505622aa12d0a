import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { areaCarries, type CatalogueArea, carriedPart, catalogueArea } from "./catalogue-areas";

const APP = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

/** Every module a page's code can load, following relative imports (static and dynamic). */
function reachable(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const queue = entries.map((entry) => join(APP, entry));
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, "utf8");
    for (const [, spec] of source.matchAll(/(?:from|import)\s*\(?\s*"(\.{1,2}\/[^"]+)"/g)) {
      const base = resolve(dirname(file), spec!);
      const found = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")].find(
        (candidate) => existsSync(candidate) && !candidate.endsWith(".css") && /\.tsx?$/.test(candidate),
      );
      if (found) queue.push(found);
    }
  }
  return seen;
}

/** The namespaces a set of modules names in its keys ("auth:login.title"). */
function namespacesUsed(files: Set<string>): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files)
    for (const [, namespace] of readFileSync(file, "utf8").matchAll(/["'`]([a-zA-Z-]+):[a-zA-Z]/g))
      used.set(namespace!, file.slice(APP.length + 1));
  return used;
}

/** Every catalogue a page can carry: the web app's own and those shared with the server. */
const namespaces = [
  join(APP, "i18n/locales/en"),
  join(APP, "../../../packages/contracts/locales/en"),
].flatMap((dir) => readdirSync(dir).map((file) => file.replace(/\.json$/, "")));

describe("translation catalogues by part of the site", () => {
  it("tells the parts apart by path, with or without a language prefix", () => {
    const cases: [string, CatalogueArea][] = [
      ["/", "public"],
      ["/login", "public"],
      ["/zh-Hans/register", "public"],
      ["/docs/guide", "public"],
      ["/dashboard", "dashboard"],
      ["/es/dashboard/detection", "dashboard"],
      ["/dashboardx", "public"],
      ["/operator", "operator"],
      ["/pt/operator/customers/1", "operator"],
    ];
    for (const [path, area] of cases) expect(catalogueArea(path), path).toBe(area);
  });

  it("leaves out of public pages only texts they never use: every key their code can reach is carried", () => {
    const publicPages = [
      "root.tsx",
      "shell/layouts/locale-layout.tsx",
      "shell/layouts/auth-layout.tsx",
      ...readdirSync(join(APP, "routes"))
        .filter((file) => /\.tsx$/.test(file) && !/\.test\.tsx$/.test(file))
        .filter((file) => !/^(dashboard-layout|operator-layout)\.tsx$/.test(file))
        .map((file) => `routes/${file}`),
      ...readdirSync(join(APP, "routes/docs")).map((file) => `routes/docs/${file}`),
    ];
    const reached = reachable(publicPages);
    const used = namespacesUsed(reached);
    // A kind's answer words are left out of public pages (carriedPart): none of their code names one.
    for (const file of reached)
      expect(readFileSync(file, "utf8"), file).not.toMatch(/services:[^"'`\s]*\.answer\./);
    // The check has something to check: the sign-in page's own texts are found.
    expect(used.has("auth")).toBe(true);
    for (const [namespace, file] of used)
      if (namespaces.includes(namespace))
        expect(areaCarries("public", namespace), `${namespace} in ${file}`).toBe(true);
    // And the split saves something: the dashboard's own texts stay out, shared ones included.
    expect(areaCarries("public", "detection")).toBe(false);
    expect(namespaces).toContain("fraud");
  });

  it("gives the dashboard every text but the operator console's, and the console all of them", () => {
    const used = namespacesUsed(
      reachable([
        "routes/dashboard-layout.tsx",
        "shell/layouts/dashboard-root.tsx",
        "shell/layouts/dashboard-basic-layout.tsx",
        "shell/layouts/no-tenant-layout.tsx",
        ...readdirSync(join(APP, "routes/dashboard"))
          .filter((file) => !/\.test\.tsx?$/.test(file))
          .map((file) => `routes/dashboard/${file}`),
      ]),
    );
    expect(used.has("detection")).toBe(true);
    for (const [namespace, file] of used)
      if (namespaces.includes(namespace))
        expect(areaCarries("dashboard", namespace), `${namespace} in ${file}`).toBe(true);
    for (const namespace of namespaces) expect(areaCarries("operator", namespace)).toBe(true);
  });

  it("carries a kind's answer words on signed-in pages only, and its results-file headers on none", () => {
    const services = {
      sim_swap: {
        name: "SIM swap",
        answer: { title: "SIM swap" },
        columns: { simSwapped: "SIM swapped" },
        api: { swapped: "The SIM changed." },
      },
    };
    expect(carriedPart("public", "services", services)).toEqual({ sim_swap: { name: "SIM swap" } });
    for (const area of ["dashboard", "operator"] as const)
      expect(carriedPart(area, "services", services)).toEqual({
        sim_swap: { name: "SIM swap", answer: { title: "SIM swap" } },
      });
    expect(carriedPart("public", "auth", { a: { b: "c" } })).toEqual({ a: { b: "c" } });
    // No page reads a header of the results file or the API document's words: those are the server's.
    const all = reachable(
      readdirSync(APP, { recursive: true, encoding: "utf8" }).filter(
        (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file),
      ),
    );
    for (const file of all)
      expect(readFileSync(file, "utf8"), file).not.toMatch(/services:[^"'`\s]*\.(columns|api)\./);
  });
});
