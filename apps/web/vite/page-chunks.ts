import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";
import routes from "../app/routes";
import type { RouteEntry } from "./antd-sheets-per-route";

/**
 * Shared code cut by the pages that load it (docs/performance.md, "Shared code cut by page").
 *
 * Left to itself the bundler puts each shared module in a chunk with every other module that the
 * same set of entries loads, an entry being each route module and each part loaded by `import()`.
 * A page loads several route modules (the root, the locale layout, a layout or two, the page), so a
 * module the root uses and one the dashboard's layout uses land in different chunks though every
 * dashboard page loads both. A page of this app came to 80–100 scripts that way, half of them under
 * 2 KB. Each costs the browser a request, a compile task and an evaluation, and on a host of two
 * cores those per-file costs, not the bytes, were most of the time a page took to be interactive.
 *
 * Here a shared module is placed by the pages that load it (a page being its whole chain of route
 * modules with the client entry): those whose first load brings it, and those where a part loaded
 * later by `import()` does. Modules placed alike share one chunk, so a page's first load fetches
 * no byte it did not fetch before, only fewer files. The chunk every page loads is `frame`, and a
 * small chunk most pages load joins it (`SMALL_CHUNK`).
 *
 * Which modules a page loads is only known once the bundler has shaken out what nobody uses (a
 * module's imports name every part of a package's index, used or not), so the client is built
 * twice: `PAGE_CHUNKS=record` builds it with the bundler's own split and writes where each shared
 * module goes (the plan); the next build reads the plan and places them (the web app's `build`
 * script runs both).
 */

const APP_DIR = fileURLToPath(new URL("../app/", import.meta.url));
const PLAN_FILE = fileURLToPath(new URL("../node_modules/.cache/nc-page-chunks.json", import.meta.url));
/** The route modules above every page's own: the client entry and the root. */
const ABOVE_EVERY_PAGE = ["entry.client.tsx", "root.tsx"];
/** The name of the chunk that every page loads. */
export const FRAME = "frame";

/** What the plan needs of an output chunk. */
export interface ChunkFacts {
  fileName: string;
  /** The chunks it imports statically. */
  imports: readonly string[];
  /** The chunks it loads with `import()`. */
  dynamicImports: readonly string[];
  moduleIds: readonly string[];
  /** Each module's size in the chunk (the bundler's, before minifying). */
  moduleSizes: Record<string, number>;
  /** A route module's chunk, the client entry's or a part's (loaded by `import()`). */
  entry: boolean;
}

/** A module's file, without the query a plugin may add to its id (React Router's route modules). */
const fileOf = (id: string) => id.split("?")[0]!;

/** Each page's route modules, under the app: every route without children, with its parents. */
export function pageChains(routeList: readonly RouteEntry[]): string[][] {
  const chains: string[][] = [];
  const visit = (route: RouteEntry, above: string[]) => {
    const chain = [...above, route.file];
    if (route.children?.length) for (const child of route.children) visit(child, chain);
    else chains.push(chain);
  };
  for (const route of routeList) visit(route, ABOVE_EVERY_PAGE);
  return chains;
}

/**
 * Every chunk the given chunks load with them, themselves included: at once (static imports), or
 * with `onDemand` also what they may load later by `import()`.
 */
function chunkClosure(start: readonly string[], byName: Map<string, ChunkFacts>, onDemand: boolean) {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    const chunk = byName.get(name);
    queue.push(...(chunk?.imports ?? []), ...(onDemand ? (chunk?.dynamicImports ?? []) : []));
  }
  return seen;
}

/** What a module is part of, for a chunk's name: its package, or its file's name. */
function labelOf(id: string): string {
  const file = fileOf(id);
  const inPackage = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  const label = inPackage ? inPackage[1]! : (file.split("/").pop() ?? "").replace(/\..*$/, "");
  return label.replace(/[^\w-]/g, "-").replace(/^-+/, "") || "shared";
}

/** A readable name for a chunk: what most of its modules are part of. */
function nameOfModules(ids: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(labelOf(id), (counts.get(labelOf(id)) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0];
}

/**
 * A chunk this small that at least half the pages load at first goes into the frame instead: a
 * page that does not need it fetches a little more, against a file fewer for the others (all of
 * them came to 3.5 KB minified; docs/performance.md, "Shared code cut by page"). Sizes are the
 * bundler's, before minifying.
 */
export const SMALL_CHUNK = 4096;

/**
 * The plan: each shared module's chunk name, from a build cut by the bundler's own rules.
 *
 * A module is shared when the bundler put it in a chunk of its own making (not an entry's: a route
 * module's, the client entry's or a part's, whose modules stay with it). What places it is the
 * pages whose first load brings it, and the pages where only a part loaded later by `import()`
 * brings it. Modules placed alike share a chunk; those every page's first load brings are `frame`.
 * So a page's first load fetches a chunk only when it needs every module in it, and a part fetches
 * one only with modules that its page may need later; the one exception is a small chunk that most
 * pages load at first, which joins the frame when all it imports is in the frame too.
 */
export function pageChunkPlan(
  chunks: readonly ChunkFacts[],
  routeList: readonly RouteEntry[],
  appDir = APP_DIR,
): Record<string, string> {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // The chunks holding each source file (under the app: a route module's chunk, by its file).
  const chunksByFile = new Map<string, string[]>();
  for (const chunk of chunks) {
    for (const file of new Set(chunk.moduleIds.map(fileOf))) {
      chunksByFile.set(file, [...(chunksByFile.get(file) ?? []), chunk.fileName]);
    }
  }
  const chunksOf = (file: string) => chunksByFile.get(appDir + file) ?? [];
  const shared = new Set(chunks.filter((chunk) => !chunk.entry).flatMap((chunk) => chunk.moduleIds));
  const modulesOf = (start: string[], onDemand: boolean) =>
    new Set(
      [...chunkClosure(start, byName, onDemand)].flatMap((name) =>
        byName.get(name)!.moduleIds.filter((id) => shared.has(id)),
      ),
    );

  if (chunksOf(ABOVE_EVERY_PAGE[0]!).length === 0)
    throw new Error("page-chunks: the recorded build holds no client entry");
  const placeOf = new Map<string, { first: string[]; later: string[] }>();
  let pages = 0;
  for (const chain of pageChains(routeList)) {
    // A resource route (robots.txt, the sitemap) has no client module: no page loads it.
    if (chunksOf(chain.at(-1)!).length === 0) continue;
    pages += 1;
    const start = chain.flatMap(chunksOf);
    const first = modulesOf(start, false);
    for (const id of modulesOf(start, true)) {
      const place = placeOf.get(id) ?? { first: [], later: [] };
      (first.has(id) ? place.first : place.later).push(chain.join(">"));
      placeOf.set(id, place);
    }
  }
  if (pages === 0) throw new Error("page-chunks: the recorded build holds no page");

  // Modules placed alike, by their place; the frame's is every page at first and none later.
  const groups = new Map<string, { ids: string[]; first: number }>();
  for (const id of [...placeOf.keys()].sort()) {
    const place = placeOf.get(id)!;
    const key = place.first.length === pages ? FRAME : `${place.first.join("|")}/${place.later.join("|")}`;
    const group = groups.get(key) ?? { ids: [], first: place.first.length };
    group.ids.push(id);
    groups.set(key, group);
  }
  const frame = new Set(groups.get(FRAME)?.ids ?? []);
  groups.delete(FRAME);
  const sizes = new Map(chunks.flatMap((chunk) => Object.entries(chunk.moduleSizes)));
  const sizeOf = (ids: readonly string[]) => ids.reduce((sum, id) => sum + (sizes.get(id) ?? 0), 0);
  const chunkOf = new Map(chunks.flatMap((chunk) => chunk.moduleIds.map((id) => [id, chunk.fileName])));
  // Small and widely loaded, joined while everything they import is in the frame. What a module
  // needs is read from the chunks its chunk imports, not from its own imports: through a package's
  // index a module names one module and takes its binding from another. A chunk of the recording
  // build holds modules that one set of entries loads, so all of them are placed alike.
  let joined = true;
  while (joined) {
    joined = false;
    for (const [key, group] of groups) {
      if (group.first * 2 < pages || sizeOf(group.ids) > SMALL_CHUNK) continue;
      const own = new Set(group.ids.map((id) => chunkOf.get(id)!));
      const needs = [...own].flatMap((name) => byName.get(name)!.imports).filter((name) => !own.has(name));
      // A chunk of an entry's would make the frame import that entry, which imports the frame.
      if (!needs.every((name) => byName.get(name)!.moduleIds.every((id) => frame.has(id)))) continue;
      for (const id of group.ids) frame.add(id);
      groups.delete(key);
      joined = true;
    }
  }

  const plan: Record<string, string> = {};
  for (const id of frame) plan[id] = FRAME;
  const taken = new Set([FRAME]);
  for (const group of groups.values()) {
    const base = nameOfModules(group.ids);
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base}-${n}`;
    taken.add(name);
    for (const id of group.ids) plan[id] = name;
  }
  return plan;
}

/**
 * The plugin and the chunk group. Recording (`PAGE_CHUNKS=record`), the group takes nothing and
 * the plugin writes the plan from the client build's chunks; otherwise the plugin reads the plan
 * as the client build starts, and the group gives each module the chunk the plan names (its
 * `name` runs when the bundler cuts chunks). A build without a recorded plan stops and says how to
 * make one.
 */
export function pageChunks(recording = process.env.PAGE_CHUNKS === "record") {
  let plan: Record<string, string> = {};
  const plugin: Plugin = {
    name: "nc:page-chunks",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    buildStart() {
      if (recording) return;
      try {
        plan = JSON.parse(readFileSync(PLAN_FILE, "utf8")) as Record<string, string>;
      } catch {
        this.error(
          `page-chunks: no plan at ${PLAN_FILE}; build with PAGE_CHUNKS=record first (npm run build does both)`,
        );
      }
    },
    generateBundle(_options, bundle) {
      if (!recording) return;
      const chunks = Object.values(bundle).flatMap((item): ChunkFacts[] =>
        item.type === "chunk"
          ? [
              {
                fileName: item.fileName,
                imports: item.imports,
                dynamicImports: item.dynamicImports,
                moduleIds: item.moduleIds,
                moduleSizes: Object.fromEntries(
                  Object.entries(item.modules).map(([id, module]) => [id, module.renderedLength]),
                ),
                entry: item.isEntry || item.isDynamicEntry,
              },
            ]
          : [],
      );
      mkdirSync(dirname(PLAN_FILE), { recursive: true });
      writeFileSync(PLAN_FILE, JSON.stringify(pageChunkPlan(chunks, routes)));
    },
  };
  const group = {
    name: (id: string) => plan[id] ?? null,
    // The plan names every module of each chunk: pulling in a module's imports as well would put
    // modules that other pages load too into a chunk that those pages do not otherwise fetch.
    includeDependenciesRecursively: false,
  };
  return { plugin, groups: [group] };
}
