import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { UsageError } from "../src/cli/command";
import { partnerCommands } from "../src/cli/commands/partner";
import { call, expectOk } from "./helpers/accounts";
import { runCommand } from "./helpers/cli";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** The operator's partner commands, run as the CLI runs them, on the test database. */
describe("partner commands", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const run = (action: string, values: Record<string, string>) =>
    runCommand(t, partnerCommands, action, values);

  const siteOn = async (host: string) =>
    expectOk<{ name: string; email: string; domain: string }>(
      await call(t, "GET", "/api/tenant/partner/info", undefined, { host }),
    );

  it("creates a partner whose brand shows on its domain, then edits and moves it", async () => {
    const created = await run("create", {
      name: "Acme Checks",
      domain: "Checks.Acme.test",
      email: "help@acme.test",
    });
    expect(created.code).toBe(0);
    const id = /\(([^)]+)\)/.exec(created.out)![1]!;
    expect(await siteOn("checks.acme.test")).toMatchObject({ name: "Acme Checks", email: "help@acme.test" });

    expect((await run("update", { id, name: "Acme Numbers", domain: "numbers.acme.test" })).code).toBe(0);
    // Each server process re-reads partners every 10 seconds; step past that.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 11_000);
    expect(await siteOn("numbers.acme.test")).toMatchObject({
      name: "Acme Numbers",
      domain: "numbers.acme.test",
    });
    // The old host no longer belongs to it: the default brand answers there.
    expect((await siteOn("checks.acme.test")).name).toBe("NumberCheck");
    vi.useRealTimers();
  });

  it("refuses an update with nothing to change, and names an unknown partner", async () => {
    await expect(run("update", { id: "00000000-0000-0000-0000-000000000000" })).rejects.toBeInstanceOf(
      UsageError,
    );
    const missing = await run("update", { id: "00000000-0000-0000-0000-000000000000", name: "Ghost" });
    expect(missing).toMatchObject({ code: 1 });
    expect(missing.out).toContain("No partner");
  });
});
