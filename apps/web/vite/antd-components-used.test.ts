import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { antdStaticStyles } from "../app/shell/theme/antd-static-styles";
import { antdComponentsUsed, antdImportsOf } from "./antd-components-used";

const APP = fileURLToPath(new URL("../app", import.meta.url));

describe("the antd components the pages use", () => {
  it("reads the names a module imports from antd, values only", () => {
    const source = `import { Button, type TableProps, Table as T } from "antd";
import type { ThemeConfig } from "antd";
import { Other } from "antd-like";`;
    expect(antdImportsOf(source)).toEqual(["Button", "Table"]);
  });

  it("finds the app's components with the parts they render inside, and not what nothing uses", () => {
    const used = antdComponentsUsed(APP);
    // Imported by name somewhere in the app.
    for (const name of ["Button", "Form", "Table", "Menu", "Modal", "Select", "Upload"])
      expect(used).toContain(name);
    // Rendered inside those: a table's pagination and empty state, a form's grid, App's messages.
    for (const name of ["Pagination", "Empty", "Spin", "Row", "Col", "message", "notification"]) {
      expect(used).toContain(name);
    }
    for (const name of ["Calendar", "Cascader", "Tour", "Mentions", "TreeSelect"])
      expect(used).not.toContain(name);
  });

  it("gives a style sheet with those components' rules and without the unused ones'", {
    timeout: 180_000,
  }, () => {
    const css = antdStaticStyles(undefined, antdComponentsUsed(APP));
    for (const cls of [
      ".ant-btn",
      ".ant-table",
      ".ant-pagination",
      ".ant-empty",
      ".ant-message",
      ".ant-col-24",
    ]) {
      expect(css).toContain(cls);
    }
    for (const cls of [".ant-picker-calendar", ".ant-cascader", ".ant-tour", ".ant-mentions"]) {
      expect(css).not.toContain(cls);
    }
  });
});
