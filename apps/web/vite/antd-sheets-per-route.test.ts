import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import routes from "../app/routes";
import { antdComponentsUsed } from "./antd-components-used";
import { sheetKey, sheetPlan } from "./antd-sheets-per-route";

const APP = fileURLToPath(new URL("../app", import.meta.url));

function fakeApp(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "antd-sheets-"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** The components one page links: its chain of route modules, the root first. */
function pageComponents(plan: Map<string, string[]>, appDir: string, chain: string[]): Set<string> {
  return new Set(["root.tsx", ...chain].flatMap((file) => plan.get(join(appDir, file)) ?? []));
}

describe("antd's style sheets per route module", () => {
  it("gives each route module what its imports show, less what its parents bring, and on-demand modules less the root's", () => {
    const dir = fakeApp({
      "root.tsx": `import { App } from "antd";\nimport { Frame } from "./shell/frame";\nconst Editor = lazy(() => import("./editor"));`,
      "shell/frame.tsx": `import { Button, type ButtonProps } from "antd";`,
      "editor.tsx": `import { ColorPicker, Button } from "antd";`,
      "layout.tsx": `import { Menu } from "antd";\nexport { Card } from "./parts/card";`,
      "parts/card.tsx": `import { Card } from "antd";`,
      "page.tsx": `import { Table, Menu } from "antd";\nimport type { Shape } from "./types";`,
      "types.ts": `import { Upload } from "antd";`,
    });
    const plan = sheetPlan(dir, [{ file: "layout.tsx", children: [{ file: "page.tsx" }] }]);
    const of = (file: string) => plan.get(join(dir, file));
    expect(of("root.tsx")).toEqual(expect.arrayContaining(["App", "Button", "Modal", "message"]));
    // Its parent brings the menu (and the menu's tooltip); the root brings the button.
    expect(of("layout.tsx")).toEqual(expect.arrayContaining(["Card", "Menu", "Skeleton"]));
    expect(of("page.tsx")).toContain("Table");
    expect(of("page.tsx")).not.toContain("Menu");
    expect(of("page.tsx")).not.toContain("Button");
    // A type-only import still counts as loaded: more rules, never fewer.
    expect(of("page.tsx")).toContain("Upload");
    expect(of("editor.tsx")).toContain("ColorPicker");
    expect(of("editor.tsx")).not.toContain("Button");
    expect(sheetKey(dir, join(dir, "shell/frame.tsx"))).toBe("shell/frame.tsx");
  });

  it("links on each page of the app the components it shows, and on the sign-in page no dashboard table", () => {
    const plan = sheetPlan(APP, routes);
    const login = pageComponents(plan, APP, [
      "shell/layouts/locale-layout.tsx",
      "shell/layouts/auth-layout.tsx",
      "routes/login.tsx",
    ]);
    expect(login).toContain("Form");
    expect(login).toContain("Input");
    expect(login).not.toContain("Table");
    expect(login).not.toContain("Upload");
    const detection = pageComponents(plan, APP, [
      "shell/layouts/locale-layout.tsx",
      "shell/layouts/dashboard-root.tsx",
      "routes/dashboard-layout.tsx",
      "routes/dashboard/detection.tsx",
    ]);
    for (const name of ["Form", "Select", "Menu"]) expect(detection).toContain(name);
    // Parts fetched on demand (the file entry's upload, the menu and notice drawers, the notices'
    // pages) are not linked with the page: their own sheets come with their scripts.
    for (const name of ["Upload", "Drawer", "Pagination"]) expect(detection).not.toContain(name);
    const fileEntry = pageComponents(plan, APP, ["features/job/components/file-entry.tsx"]);
    expect(fileEntry).toContain("Upload");
    expect(pageComponents(plan, APP, ["shell/components/menu-drawer.tsx"])).toContain("Drawer");
    expect(pageComponents(plan, APP, ["features/notice/components/notice-drawer.tsx"])).toContain(
      "Pagination",
    );
    // Every component the app uses is in some sheet.
    const anywhere = new Set([...plan.values()].flat());
    const missing = antdComponentsUsed(APP).filter((name) => !anywhere.has(name));
    expect(missing.filter((name) => !["ConfigProvider", "theme"].includes(name))).toEqual([]);
  });
});
