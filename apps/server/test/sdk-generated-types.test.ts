import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GENERATED_TYPES_FILE, openApiTypes } from "../../../packages/sdk/scripts/openapi-types";
import { Numcheck } from "../../../packages/sdk/src/index";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** Each operation of the document and the SDK method that calls it. */
const SDK_METHODS: Record<string, string[]> = {
  checkNumber: ["check.number"],
  checkNumbers: ["check.batch"],
  createJob: ["jobs.create", "jobs.upload"],
  listJobs: ["jobs.list", "jobs.listAll"],
  getJob: ["jobs.get", "jobs.wait"],
  listJobResults: ["jobs.results", "jobs.resultsAll"],
  downloadJobResults: ["jobs.download"],
  cancelJob: ["jobs.cancel"],
  retryFailedRows: ["jobs.retryFailed"],
  getUsage: ["usage.get"],
  listRequests: ["requests.list", "requests.listAll"],
  getBalance: ["balance.get"],
  getCoverage: ["coverage.get"],
  listReceipts: ["receipts.list"],
  getReceipt: ["receipts.download"],
  listStatements: ["statements.list"],
  getStatement: ["statements.download"],
};

/**
 * The SDK's types (packages/sdk/src/generated/openapi.ts) are those of the document the server
 * serves, and the client has a method for every operation in it.
 */
describe("@numcheck/sdk and the served OpenAPI document", () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, { operationId: string }>> };
  beforeAll(async () => {
    t = await createTestApp();
    const answer = await t.app.inject({ url: "/api/openapi.json?locale=en" });
    expect(answer.statusCode).toBe(200);
    document = answer.json();
  }, 120_000);
  afterAll(() => t.close());

  it("has the committed generated types (else: npm run generate -w @numcheck/sdk)", async () => {
    const committed = readFileSync(GENERATED_TYPES_FILE, "utf8");
    const served = await openApiTypes(document);
    // The first line that differs, rather than a diff of 3,000 lines.
    const [a, b] = [committed.split("\n"), served.split("\n")];
    const at = Math.max(
      0,
      a.findIndex((text, i) => text !== b[i]),
    );
    expect(
      { line: at + 1, text: a[at] },
      "packages/sdk/src/generated/openapi.ts differs from the served document: npm run generate -w @numcheck/sdk",
    ).toEqual({ line: at + 1, text: b[at] });
    expect(served === committed).toBe(true);
  });

  it("has a client method for every operation", () => {
    const operations = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId),
    );
    expect(operations.sort()).toEqual(Object.keys(SDK_METHODS).sort());
    const client = new Numcheck({ apiKey: "nc_test_x", baseUrl: "http://127.0.0.1" }) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    for (const method of Object.values(SDK_METHODS).flat()) {
      const [resource, name] = method.split(".") as [string, string];
      expect(typeof client[resource]?.[name], method).toBe("function");
    }
  });
});
