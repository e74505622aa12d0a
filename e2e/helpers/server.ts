import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SERVER_V8_FLAGS, serverNodeOptions } from "../../apps/server/src/node-memory";

const ROOT = new URL("../..", import.meta.url).pathname;
const MAIN = join(ROOT, "apps/server/dist/main.js");
const CLI = join(ROOT, "apps/server/dist/cli.js");

export interface RunningServer {
  url: string;
  port: number;
  /** The server process's id (its memory is read from /proc by bench/server-memory.ts). */
  pid: number;
  dataDir: string;
  output: () => string;
  /** The last code (six digits unless told) the local outbox printed for an address. */
  lastCode(email: string, digits?: number): string;
  /** The same, waiting up to 10 s for the e-mail (the outbox writes after the answer). */
  waitForCode(email: string, digits?: number): Promise<string>;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

/** Runs an operator command against the data folder (before the server holds it). */
export function cli(dataDir: string, args: string[]) {
  return execFileSync(process.execPath, [CLI, ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: "utf8",
  });
}

/**
 * V8's flags: `npm start`'s for the benchmarks that start servers through this helper; none for
 * the browser tests (vitest sets VITEST). `--liftoff-only` trades up to a fifth of the embedded
 * database's speed for ~40 MB of an idle server's memory, and the tests start a server per file on
 * a machine their CPU bounds (docs/performance.md, "The test suite"); what they check does not
 * depend on how V8 compiles.
 */
const v8Flags = () => (process.env.VITEST ? [] : SERVER_V8_FLAGS);

/**
 * Starts the built product on a free port with a fresh embedded database: a copy of the one the
 * run migrated first (helpers/data-template.ts, E2E_DATA_TEMPLATE) when there is one.
 */
export async function startServer(
  options: {
    env?: Record<string, string>;
    before?: (dataDir: string) => void;
    /** An existing data folder to start on (kept on stop); by default a fresh one, removed on stop. */
    dataDir?: string;
  } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "nc-e2e-"));
  const template = process.env.E2E_DATA_TEMPLATE;
  if (!options.dataDir && template) cpSync(template, dataDir, { recursive: true });
  options.before?.(dataDir);
  const port = await freePort();
  let output = "";
  const child: ChildProcess = spawn(process.execPath, [...v8Flags(), MAIN], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      // V8's heap settings and flags, as `npm start` runs the server.
      NODE_OPTIONS: serverNodeOptions(process.env.NODE_OPTIONS),
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      CAPTCHA_DIFFICULTY: "5000",
      WELCOME_CREDIT: "0",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += String(chunk)));
  child.stderr?.on("data", (chunk) => (output += String(chunk)));
  const url = `http://127.0.0.1:${port}`;
  // Generous: migrations on the embedded database (without the template) take over a minute on a
  // busy machine.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output: () => output,
    lastCode(email: string, digits = 6) {
      // The newest e-mail that carries a code: a sign-in alert may arrive after it.
      const lines = output.split("\n").filter((l) => l.includes("local outbox") && l.includes(email));
      for (const line of lines.reverse()) {
        const match = new RegExp(`\\b(\\d{${digits}})\\b`).exec(JSON.parse(line).outbox.text);
        if (match) return match[1]!;
      }
      throw new Error(`no code e-mailed to ${email}`);
    },
    async waitForCode(email: string, digits = 6) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          return this.lastCode(email, digits);
        } catch (error) {
          if (Date.now() > deadline) throw error;
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    },
    async stop() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  } satisfies RunningServer;
}
