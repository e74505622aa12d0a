import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_OPTIONS, SERVER_V8_FLAGS, serverNodeOptions } from "./node-memory";

const heapLimitMb = (nodeOptions: string) =>
  Number(
    execFileSync(
      process.execPath,
      ["-e", "process.stdout.write(String(require('v8').getHeapStatistics().heap_size_limit / 1048576))"],
      { env: { ...process.env, NODE_OPTIONS: nodeOptions } },
    ).toString(),
  );

describe("the server's V8 memory settings", () => {
  it("are what `npm start` runs the server with", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));
    expect(pkg.scripts.start).toContain(`NODE_OPTIONS="${SERVER_NODE_OPTIONS} \${NODE_OPTIONS:-}"`);
    expect(pkg.scripts.start).toContain(`node ${SERVER_V8_FLAGS.join(" ")} apps/server/dist/main.js`);
  });

  it("are flags this node knows (node refuses to start on an unknown one)", () => {
    const run = (flags: readonly string[]) =>
      execFileSync(process.execPath, [...flags, "-e", "process.stdout.write('ok')"], {
        stdio: ["ignore", "pipe", "pipe"],
        encoding: "utf8",
      });
    expect(run(SERVER_V8_FLAGS)).toBe("ok");
    expect(() => run(["--liftoff-onlyy"])).toThrow(/bad option/);
  });

  it("cap the heap, and an operator's own NODE_OPTIONS come after them and win", () => {
    // The limit V8 reports is the old generation's plus the young generation's.
    const capped = heapLimitMb(serverNodeOptions(undefined));
    expect(capped).toBeGreaterThanOrEqual(256);
    expect(capped).toBeLessThan(300);
    expect(heapLimitMb(serverNodeOptions("--max-old-space-size=1024"))).toBeGreaterThanOrEqual(1024);
  });
});
