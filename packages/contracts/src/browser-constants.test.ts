import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Modules the browser reads on every dashboard page for their constants. A zod schema is built when
 * its module loads, and the bundler keeps it even when nothing uses it, so these stay free of zod:
 * schemas go in modules of their own (docs/performance.md, "Lighthouse").
 */
const READ_AT_START = ["money.ts", "notices.ts", "tenant-selection.ts", "errors.ts", "envelope.ts"];

describe("contract modules the browser reads at start", () => {
  it.each(READ_AT_START)("%s builds no schema", (file) => {
    const source = readFileSync(new URL(file, import.meta.url), "utf8");
    expect(source).not.toMatch(/from "zod"/);
  });
});
