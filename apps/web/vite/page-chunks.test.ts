import { describe, expect, it } from "vitest";
import { type ChunkFacts, FRAME, pageChains, pageChunkPlan } from "./page-chunks";

const APP = "/app/";
const ROUTE = "?__react-router-build-client-route";

/** A chunk of the recording build: its modules, what it imports, and whether an entry's. */
function chunk(
  fileName: string,
  moduleIds: string[],
  options: {
    imports?: string[];
    dynamicImports?: string[];
    entry?: boolean;
    size?: number;
  } = {},
): ChunkFacts {
  return {
    fileName,
    moduleIds,
    // Large enough by default that no chunk joins the frame for its size.
    moduleSizes: Object.fromEntries(moduleIds.map((id) => [id, options.size ?? 10_000])),
    imports: options.imports ?? [],
    dynamicImports: options.dynamicImports ?? [],
    entry: options.entry ?? false,
  };
}

/** A route module's chunk: its module carries React Router's query. */
const route = (
  fileName: string,
  file: string,
  options: { imports?: string[]; dynamicImports?: string[] } = {},
) => chunk(fileName, [`${APP}${file}${ROUTE}`], { ...options, entry: true });

/** A part loaded by `import()`. */
const part = (fileName: string, file: string, imports: string[] = []) =>
  chunk(fileName, [`${APP}${file}`], { imports, entry: true });

const routes = [
  { file: "robots.ts" },
  {
    file: "locale-layout.tsx",
    children: [
      { file: "login.tsx" },
      {
        file: "dashboard-layout.tsx",
        children: [{ file: "detection.tsx" }, { file: "history.tsx" }],
      },
    ],
  },
];

/** A small app as the bundler cut it, one chunk per set of route modules and parts. */
const chunks = [
  chunk("entry.js", [`${APP}entry.client.tsx`], { imports: ["react.js"], entry: true }),
  route("root.js", "root.tsx", { imports: ["react.js", "theme.js"], dynamicImports: ["error-page.js"] }),
  route("locale.js", "locale-layout.tsx", { imports: ["i18n.js"] }),
  route("login.js", "login.tsx", { imports: ["form.js", "header.js"] }),
  route("dashboard.js", "dashboard-layout.tsx", {
    imports: ["header.js", "menu.js"],
    dynamicImports: ["notices.js"],
  }),
  route("detection.js", "detection.tsx", {
    imports: ["form.js", "menu.js"],
    dynamicImports: ["file-entry.js"],
  }),
  route("history.js", "history.tsx", { imports: ["table.js"] }),
  part("error-page.js", "error-page.tsx", ["result.js"]),
  part("notices.js", "notices.tsx", ["drawer.js", "table.js"]),
  part("file-entry.js", "file-entry.tsx", ["upload.js", "drawer.js"]),
  chunk("react.js", ["/node_modules/react/index.js", "/node_modules/react-dom/client.js"]),
  chunk("theme.js", [`${APP}theme.ts`], { imports: ["react.js"] }),
  chunk("i18n.js", ["/node_modules/i18next/index.js"]),
  chunk("form.js", ["/node_modules/antd/form.js"]),
  chunk("header.js", [`${APP}header.tsx`]),
  chunk("menu.js", [`${APP}menu.tsx`]),
  chunk("table.js", ["/node_modules/antd/table.js"]),
  chunk("drawer.js", ["/node_modules/antd/drawer.js"]),
  chunk("upload.js", ["/node_modules/antd/upload.js"]),
  chunk("result.js", ["/node_modules/antd/result.js"]),
];

describe("shared code cut by page", () => {
  const plan = pageChunkPlan(chunks, routes, APP);

  it("lists each page as its chain of route modules under the client entry and the root", () => {
    expect(pageChains(routes)).toEqual([
      ["entry.client.tsx", "root.tsx", "robots.ts"],
      ["entry.client.tsx", "root.tsx", "locale-layout.tsx", "login.tsx"],
      ["entry.client.tsx", "root.tsx", "locale-layout.tsx", "dashboard-layout.tsx", "detection.tsx"],
      ["entry.client.tsx", "root.tsx", "locale-layout.tsx", "dashboard-layout.tsx", "history.tsx"],
    ]);
  });

  it("puts what every page loads at once in the frame, whichever route module imports it", () => {
    for (const id of [
      "/node_modules/react/index.js",
      "/node_modules/react-dom/client.js",
      `${APP}theme.ts`,
      "/node_modules/i18next/index.js",
    ]) {
      expect(plan[id], id).toBe(FRAME);
    }
    // The header: the sign-in page and both dashboard pages, so every page too.
    expect(plan[`${APP}header.tsx`]).toBe(FRAME);
  });

  it("gives modules loaded by the same pages one chunk, and modules loaded by others another", () => {
    // Both dashboard pages load the menu at once; the form only detection and the sign-in page.
    expect(plan[`${APP}menu.tsx`]).not.toBe(FRAME);
    expect(plan["/node_modules/antd/form.js"]).not.toBe(FRAME);
    expect(plan[`${APP}menu.tsx`]).not.toBe(plan["/node_modules/antd/form.js"]);
    // The table: at once on history; on detection only with the notice list, loaded later. The
    // drawer: later on both dashboard pages. Each page needs each at a different time.
    expect(plan["/node_modules/antd/table.js"]).toBeDefined();
    expect(plan["/node_modules/antd/table.js"]).not.toBe(plan["/node_modules/antd/drawer.js"]);
    expect(plan["/node_modules/antd/drawer.js"]).not.toBe(plan["/node_modules/antd/upload.js"]);
  });

  it("leaves entries' own modules to their chunks (the page's script, React Router's manifest, the parts)", () => {
    for (const id of [
      `${APP}entry.client.tsx`,
      `${APP}root.tsx${ROUTE}`,
      `${APP}dashboard-layout.tsx${ROUTE}`,
      `${APP}notices.tsx`,
    ]) {
      expect(plan[id], id).toBeUndefined();
    }
  });

  it("never makes a page fetch at first a module it did not fetch before", () => {
    const modulesIn = (names: Set<string>) =>
      new Set([...names].flatMap((name) => chunks.find((c) => c.fileName === name)!.moduleIds));
    const closure = (start: string[]) => {
      const seen = new Set<string>();
      const queue = [...start];
      while (queue.length) {
        const name = queue.pop()!;
        if (seen.has(name)) continue;
        seen.add(name);
        queue.push(...chunks.find((c) => c.fileName === name)!.imports);
      }
      return seen;
    };
    for (const start of [
      ["entry.js", "root.js", "locale.js", "login.js"],
      ["entry.js", "root.js", "locale.js", "dashboard.js", "detection.js"],
      ["entry.js", "root.js", "locale.js", "dashboard.js", "history.js"],
    ]) {
      const before = modulesIn(closure(start));
      const names = new Set([...before].map((id) => plan[id]).filter(Boolean));
      const after = new Set(Object.keys(plan).filter((id) => names.has(plan[id]!)));
      for (const id of after) expect(before.has(id), `${start.at(-1)} would fetch ${id}`).toBe(true);
    }
  });

  it("puts a small chunk most pages load at first in the frame, when all it imports is there", () => {
    const resized = (list: ChunkFacts[], name: string, imports: string[]) =>
      list.map((c) => (c.fileName === name ? chunk(name, [...c.moduleIds], { imports, size: 300 }) : c));
    // Two pages of three load the menu at first, and it imports only React (in the frame); the
    // form imports the menu, so it joins once the menu has.
    const small = resized(resized(chunks, "menu.js", ["react.js"]), "form.js", ["menu.js"]);
    expect(pageChunkPlan(small, routes, APP)[`${APP}menu.tsx`]).toBe(FRAME);
    expect(pageChunkPlan(small, routes, APP)["/node_modules/antd/form.js"]).toBe(FRAME);
    // Importing a chunk outside the frame keeps a chunk out: here the table, which the dashboard's
    // menu now imports and the sign-in page loads only later, with a part.
    const outside = resized(chunks, "menu.js", ["table.js"]).map((c) =>
      c.fileName === "login.js" ? { ...c, dynamicImports: ["help.js"] } : c,
    );
    outside.push(part("help.js", "help.tsx", ["table.js"]));
    const plan = pageChunkPlan(outside, routes, APP);
    expect(plan["/node_modules/antd/table.js"]).not.toBe(FRAME);
    expect(plan[`${APP}menu.tsx`]).not.toBe(FRAME);
    expect(plan[`${APP}menu.tsx`]).not.toBe(plan["/node_modules/antd/table.js"]);
  });

  it("names a chunk after what most of its modules are part of", () => {
    expect(plan["/node_modules/antd/table.js"]).toMatch(/^antd(-\d+)?$/);
    expect(plan[`${APP}menu.tsx`]).toMatch(/^menu(-\d+)?$/);
  });

  it("stops a build whose recording holds no client entry", () => {
    expect(() => pageChunkPlan(chunks.slice(1), routes, APP)).toThrow(/no client entry/);
  });
});
