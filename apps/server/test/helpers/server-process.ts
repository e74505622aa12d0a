import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));
const APP = fileURLToPath(new URL("../../src/app.ts", import.meta.url));
const CONFIG = fileURLToPath(new URL("../../src/config.ts", import.meta.url));
const CLIENT = fileURLToPath(new URL("../../src/db/client.ts", import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The product's app (API only) as its own node process on the test's PostgreSQL database, as a
 * second server would run beside it (docs/architecture.md, "Several processes, one balance");
 * resolves once it listens. The caller kills it.
 */
export async function serverProcess(databaseUrl: string, port: number): Promise<ChildProcess> {
  const script = `
    const { buildApp } = await import(${JSON.stringify(APP)});
    const { loadConfig } = await import(${JSON.stringify(CONFIG)});
    const { openDatabase } = await import(${JSON.stringify(CLIENT)});
    const config = loadConfig();
    const database = await openDatabase({ url: config.DATABASE_URL, dataDir: "unused" });
    const app = await buildApp({ config, database, web: "none" });
    await app.listen({ port: config.PORT, host: "127.0.0.1" });
    console.log("listening");`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      NODE_ENV: "production",
      LOG_LEVEL: "warn",
      CAPTCHA_ENABLED: "false",
      WORKER_ENABLED: "false",
      WEBHOOKS_ENABLED: "false",
      API_RATE_PER_KEY: "10000000",
      API_RATE_PER_TENANT: "10000000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += String(chunk)));
  child.stderr!.on("data", (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 60_000;
  while (!output.includes("listening")) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await sleep(100);
  }
  return child;
}
