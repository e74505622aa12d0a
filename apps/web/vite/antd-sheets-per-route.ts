import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { antdImportsOf, withInnerParts } from "./antd-components-used";

/**
 * Which antd components' rules each page part links (docs/performance.md, "Styles").
 *
 * A page shows the root, then one route module per level of its route (locale layout, dashboard
 * frame, the page), and React Router links the CSS of each of those modules' chunks. So each such
 * module gets one style sheet: the components its own imports can show, less those its parents'
 * sheets already bring. Modules loaded on demand (`import()`) get one too, less the root's. A page
 * links a handful of sheets, each holding only what its part shows.
 */

/** A route as React Router's config describes it (app/routes.ts). */
export interface RouteEntry {
  file: string;
  children?: RouteEntry[];
}

/** Relative module specifiers in a source text: static imports and re-exports, and dynamic imports. */
function specifiersOf(source: string): { fixed: string[]; onDemand: string[] } {
  const fixed = [...source.matchAll(/(?:\bfrom|^\s*import)\s*["'](\.{1,2}\/[^"']+)["']/gm)].map((m) => m[1]!);
  const onDemand = [...source.matchAll(/\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g)].map((m) => m[1]!);
  return { fixed, onDemand };
}

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveModule(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return EXTENSIONS.map((ext) => base + ext).find((path) => /\.tsx?$/.test(path) && existsSync(path));
}

/**
 * The app's module graph as its source texts say it, read from disk once per file. What a module
 * loads and can show is worked out once per module: every route's parents ask again.
 */
class AppModuleGraph {
  private readonly edges = new Map<string, { fixed: string[]; onDemand: string[]; antd: string[] }>();
  private readonly loaded = new Map<string, Set<string>>();
  private readonly shown = new Map<string, Set<string>>();

  private read(file: string) {
    let entry = this.edges.get(file);
    if (!entry) {
      const source = readFileSync(file, "utf8");
      const { fixed, onDemand } = specifiersOf(source);
      const resolveAll = (list: string[]) =>
        list.map((spec) => resolveModule(file, spec)).filter((path): path is string => path !== undefined);
      entry = { fixed: resolveAll(fixed), onDemand: resolveAll(onDemand), antd: antdImportsOf(source) };
      this.edges.set(file, entry);
    }
    return entry;
  }

  /** Every module `file` loads with it (static imports, followed), itself included. */
  loadedWith(file: string): Set<string> {
    let seen = this.loaded.get(file);
    if (!seen) {
      const found = new Set<string>();
      const visit = (path: string) => {
        if (found.has(path)) return;
        found.add(path);
        for (const next of this.read(path).fixed) visit(next);
      };
      visit(file);
      seen = found;
      this.loaded.set(file, seen);
    }
    return seen;
  }

  /** The modules `files` load on demand: each a chunk of its own. */
  loadedOnDemandBy(files: Iterable<string>): Set<string> {
    return new Set([...files].flatMap((file) => this.read(file).onDemand));
  }

  /** The antd components (with their inner parts) that the modules loaded with `file` can show. */
  componentsOf(file: string): Set<string> {
    let names = this.shown.get(file);
    if (!names) {
      names = new Set(withInnerParts([...this.loadedWith(file)].flatMap((path) => this.read(path).antd)));
      this.shown.set(file, names);
    }
    return names;
  }
}

/**
 * For each module that gets a sheet (absolute path), the components whose rules it carries.
 * `root` is the root route's module; `routes` the route config beneath it.
 */
export function sheetPlan(appDir: string, routes: readonly RouteEntry[]): Map<string, string[]> {
  const graph = new AppModuleGraph();
  const root = join(appDir, "root.tsx");
  // Parents of each route module: a module used at several places keeps the parents they all share.
  const parents = new Map<string, Set<string>>();
  const walk = (entries: readonly RouteEntry[], above: readonly string[]) => {
    for (const route of entries) {
      const file = join(appDir, route.file);
      const known = parents.get(file);
      parents.set(file, known ? new Set(above.filter((p) => known.has(p))) : new Set(above));
      walk(route.children ?? [], [...above, file]);
    }
  };
  walk(routes, [root]);
  // Modules loaded on demand, and those they load on demand in turn: the root is all they can count on.
  let entries = [root, ...parents.keys()];
  while (entries.length > 0) {
    const loaded = entries.flatMap((file) => [...graph.loadedWith(file)]);
    entries = [...graph.loadedOnDemandBy(loaded)].filter((file) => !parents.has(file));
    for (const file of entries) parents.set(file, new Set([root]));
  }

  const plan = new Map<string, string[]>([[root, [...graph.componentsOf(root)].sort()]]);
  for (const [file, above] of parents) {
    const shown = new Set([...above].flatMap((parent) => [...graph.componentsOf(parent)]));
    plan.set(file, [...graph.componentsOf(file)].filter((name) => !shown.has(name)).sort());
  }
  return plan;
}

/** A module's key in the plan as a path under the app (`routes/login.tsx`). */
export function sheetKey(appDir: string, file: string): string {
  return relative(appDir, file).split("\\").join("/");
}
