import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SDK_SAMPLE_LABEL } from "../src/features/openapi/sdk-samples";
import { apiClient } from "./helpers/api-client";
import { listeningOrigin } from "./helpers/sdk";
import { createTestApp, type TestApp } from "./helpers/test-app";

const run = promisify(execFile);
const REPO = new URL("../../../", import.meta.url).pathname;
const GUIDE = readFileSync(join(REPO, "content/en/docs/getting-started.md"), "utf8");
/** The SDK's sources: the samples' `@numcheck/sdk` is the package as written, not a build of it. */
const SDK_ENTRY = join(REPO, "packages/sdk/src/index.ts");

/** The first code block under the guide's "### {heading}", as the page shows it. */
function guideSample(heading: string): string {
  const section = GUIDE.split(`\n### ${heading}\n`)[1];
  const code = section?.match(/```\w*\n([\s\S]*?)\n```/)?.[1];
  if (!code) throw new Error(`no code block under "### ${heading}" in getting-started.md`);
  return code;
}

interface Sample {
  source: string;
  origin: string;
  key: string;
}

/** The docs' placeholders replaced as a reader would: the site's address and their own key. */
const filled = ({ source, origin, key }: Sample) =>
  source.replaceAll("{{baseUrl}}", origin).replaceAll("nc_test_YOUR_KEY", key);

/**
 * The samples of the docs run as a reader runs them, against the app on a real port with a real
 * test key: the getting-started guide's curl, Node.js (SDK) and Python programs, and the SDK
 * sample the reference shows for `POST /api/v1/check` (x-codeSamples of the served document).
 */
describe("the docs' code samples against the server", () => {
  let t: TestApp;
  let origin: string;
  let key: string;
  let folder: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = await listeningOrigin(t);
    key = (await apiClient(t, { mode: "test" })).secret;
    folder = mkdtempSync(join(tmpdir(), "nc-docs-samples-"));
    // tsx maps the bare import to the SDK's sources, so no build of the SDK is needed.
    writeFileSync(
      join(folder, "tsconfig.json"),
      JSON.stringify({ compilerOptions: { paths: { "@numcheck/sdk": [SDK_ENTRY] } } }),
    );
  });
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await t.close();
  });

  /** Runs a JavaScript program with `@numcheck/sdk` resolvable; its standard output. */
  async function node(source: string, env: Record<string, string> = {}): Promise<string> {
    const file = join(folder, `sample-${Math.random().toString(36).slice(2)}.mjs`);
    writeFileSync(file, source);
    const tsx = join(REPO, "node_modules/.bin/tsx");
    const { stdout } = await run(tsx, ["--tsconfig", join(folder, "tsconfig.json"), file], {
      cwd: folder,
      env: { ...process.env, ...env },
    });
    return stdout;
  }

  it("curl: the guide's first call answers the sandbox's HLR result, free", async () => {
    const { stdout } = await run("sh", ["-c", filled({ source: guideSample("curl"), origin, key })]);
    const answer = JSON.parse(stdout);
    expect(answer).toMatchObject({
      code: 0,
      data: {
        service: "hlr",
        result: { basic: { e164: "+12025550100", valid: true }, hlr: { connectivity: "connected" } },
        costMicros: "0",
        sandbox: true,
      },
    });
  });

  it("Node.js: the guide's SDK program prints the connectivity, the cost and the currency", async () => {
    const stdout = await node(filled({ source: guideSample("Node.js"), origin, key }));
    expect(stdout.trim()).toMatch(/^connected 0 [A-Z]{3}$/);
  });

  it("Python: the guide's requests program prints the same", async () => {
    const file = join(folder, "first_check.py");
    writeFileSync(file, filled({ source: guideSample("Python"), origin, key }));
    const { stdout } = await run("python3", [file]);
    expect(stdout.trim()).toMatch(/^connected 0 [A-Z]{3}$/);
  });

  it("the reference's SDK sample of every operation the SDK covers, and the check's run as shown", async () => {
    const document = (await (await fetch(`${origin}/api/openapi.json`)).json()) as {
      servers: { url: string }[];
      paths: Record<string, Record<string, { operationId: string; "x-codeSamples"?: Json[] }>>;
    };
    // The reader's own address, in the document and in the samples.
    expect(document.servers).toEqual([{ url: origin }]);
    const operations = Object.values(document.paths).flatMap((item) => Object.values(item));
    for (const operation of operations)
      expect(operation["x-codeSamples"], operation.operationId).toMatchObject([
        { lang: "javascript", label: SDK_SAMPLE_LABEL },
      ]);
    const check = document.paths["/api/v1/check"]!.post!["x-codeSamples"]![0] as { source: string };
    expect(check.source).toContain(`baseUrl: "${origin}"`);
    const stdout = await node(check.source, { NUMCHECK_API_KEY: key });
    expect(stdout).toContain("e164: '+12025550100'");
    expect(stdout).toContain("sandbox: true");
  });
});

type Json = Record<string, unknown>;
