import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// `npm run lint` runs dependency-cruiser with .dependency-cruiser.cjs (docs/architecture.md,
// "Layers"). This runs the same checker, with the same configuration, on a small tree that breaks
// each rule once and keeps one allowed import, and checks that exactly the breaks are reported.

const ROOT = resolve(import.meta.dirname, "..");
const CRUISER = join(ROOT, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");

const FIXTURE: Record<string, string> = {
  "apps/server/src/features/alpha/alpha-repo.ts": "export const rows = () => [1];\n",
  "apps/server/src/features/alpha/index.ts": 'export { rows } from "./alpha-repo";\n',
  // Allowed: another feature through its public face.
  "apps/server/src/features/beta/through-face.ts":
    'import { rows } from "../alpha/index";\nexport const a = rows;\n',
  // Forbidden: another feature's repository.
  "apps/server/src/features/beta/into-repo.ts":
    'import { rows } from "../alpha/alpha-repo";\nexport const b = rows;\n',
  // Forbidden: the HTTP layer importing a feature, even its public face.
  "apps/server/src/http/context.ts":
    'import { rows } from "../features/alpha/index";\nexport const c = rows;\n',
  // Forbidden: core importing the HTTP layer.
  "apps/server/src/core/low.ts": 'import { c } from "../http/context";\nexport const d = c;\n',
  // Forbidden: a cycle.
  "apps/server/src/core/ping.ts": 'import { pong } from "./pong";\nexport const ping = () => pong;\n',
  "apps/server/src/core/pong.ts": 'import { ping } from "./ping";\nexport const pong = () => ping;\n',
  // Forbidden: the contracts importing an app.
  "packages/contracts/src/leak.ts":
    'import { rows } from "../../../apps/server/src/features/alpha/index";\nexport const e = rows;\n',
  // The web: a feature's inner file, its public face, a feature using it both ways, the shell.
  "apps/web/app/features/gamma/gamma-label.ts": 'export const label = "g";\n',
  "apps/web/app/features/gamma/index.ts": 'export { label } from "./gamma-label";\n',
  // Allowed: another web feature through its public face.
  "apps/web/app/features/delta/through-face.ts":
    'import { label } from "../gamma";\nexport const f = label;\n',
  // Forbidden: another web feature's inner file.
  "apps/web/app/features/delta/into-inner.ts":
    'import { label } from "../gamma/gamma-label";\nexport const g = label;\n',
  // Forbidden: the shell importing a feature, even its public face.
  "apps/web/app/shell/layout.ts":
    'import { label } from "../features/gamma/index";\nexport const h = label;\n',
};

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

let dir: string;
let exitCode = 0;
let violations: Violation[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lint-boundaries-"));
  for (const [path, text] of Object.entries(FIXTURE)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const args = [CRUISER, "--config", join(ROOT, ".dependency-cruiser.cjs")];
  const cruise = (extra: string[]) =>
    promisify(execFile)(process.execPath, [...args, ...extra, "apps", "packages"], {
      cwd: dir,
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      (done) => ({ code: 0, stdout: done.stdout }),
      (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
    );
  // As `npm run lint` runs it: the exit status is what fails the lint.
  exitCode = (await cruise([])).code;
  const output = await cruise(["--output-type", "json"]);
  violations = (JSON.parse(output.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

const found = (rule: string) =>
  violations.filter((v) => v.rule.name === rule).map((v) => `${v.from} -> ${v.to}`);

describe("lint: layer and feature boundaries", () => {
  it("reports an import of another feature's repository, and fails", () => {
    expect(exitCode).not.toBe(0);
    expect(found("feature-public-face")).toEqual([
      "apps/server/src/features/beta/into-repo.ts -> apps/server/src/features/alpha/alpha-repo.ts",
    ]);
  });

  it("reports the HTTP layer importing a feature", () => {
    expect(found("http-no-feature")).toEqual([
      "apps/server/src/http/context.ts -> apps/server/src/features/alpha/index.ts",
    ]);
  });

  it("reports a cycle", () => {
    expect(found("no-cycle")).toEqual(["apps/server/src/core/ping.ts -> apps/server/src/core/pong.ts"]);
  });

  it("reports core importing above it, and the contracts importing an app", () => {
    expect(found("core-stays-low")).toEqual([
      "apps/server/src/core/low.ts -> apps/server/src/http/context.ts",
    ]);
    expect(found("packages-no-apps")).toEqual([
      "packages/contracts/src/leak.ts -> apps/server/src/features/alpha/index.ts",
    ]);
  });

  it("reports a web feature reaching into another's files, and the web's shell importing a feature", () => {
    expect(found("web-feature-public-face")).toEqual([
      "apps/web/app/features/delta/into-inner.ts -> apps/web/app/features/gamma/gamma-label.ts",
    ]);
    expect(found("web-shell-no-feature")).toEqual([
      "apps/web/app/shell/layout.ts -> apps/web/app/features/gamma/index.ts",
    ]);
  });

  it("lets a feature use another through its public face", () => {
    expect(violations.filter((v) => v.from.endsWith("through-face.ts"))).toEqual([]);
    expect(violations.every((v) => v.rule.severity === "error")).toBe(true);
  });
});
