import { defineConfig } from "vitest/config";
import { LongestFirst } from "./e2e/helpers/longest-first";

export default defineConfig({
  test: {
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/src/**/*.test.ts",
            "apps/server/src/**/*.test.ts",
            "apps/web/app/**/*.test.{ts,tsx}",
            "apps/web/vite/**/*.test.ts",
            "tests/**/*.test.ts",
          ],
          exclude: ["**/node_modules/**", "apps/web/app/**/*.dom.test.tsx"],
          // The files of a worker share one module graph: each file importing the engine, the
          // server and antd anew was most of the suite's CPU (docs/performance.md, "The test
          // suite"). A file restores what it changes (globals, timers, mocks).
          isolate: false,
        },
      },
      {
        test: {
          // Components rendered in a simulated browser (apps/web/test/render.tsx).
          name: "web-dom",
          include: ["apps/web/app/**/*.dom.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["apps/web/test/setup-dom.ts"],
          testTimeout: 20_000,
          // One module graph and one happy-dom window per worker, as in the unit project; the
          // setup file cleans the document, storage and the simulated screen after each test.
          isolate: false,
        },
      },
      {
        test: {
          name: "api",
          include: ["apps/server/test/**/*.test.ts"],
          // Migrates one database per run; each test's database is a copy of it.
          globalSetup: ["apps/server/test/helpers/database-template.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // One module graph per worker, as in the unit project: each test builds its own app on
          // its own database, and what modules keep (caches keyed by organisation) never crosses
          // organisations.
          isolate: false,
        },
      },
      {
        test: {
          name: "e2e",
          include: ["e2e/**/*.test.ts"],
          // Migrates one embedded database per run; each server starts on a copy of it.
          globalSetup: ["e2e/helpers/data-template.ts"],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // Three files at a time, in a phase of their own: a file waits on its pages more than it
          // computes, so two left most of the cores idle (docs/performance.md, "The test suite").
          maxWorkers: 3,
          // A page answers within seconds, not vitest's 1 s default, on a loaded CI machine.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
