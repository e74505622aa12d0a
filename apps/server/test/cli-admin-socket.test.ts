import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { forwardToServer } from "../src/cli/admin-client";
import { adminSocketPath, startAdminSocket } from "../src/cli/admin-socket";
import { queryRows } from "../src/db/query";
import { type Account, expectOk, registerUser } from "./helpers/accounts";
import { createTenant, inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

const BANK = "IBAN DE89 3704 0044 0532 0130 00 · BIC COBADEFFXXX · NumberCheck Ltd";

/**
 * The CLI beside a running server on the embedded database: the server runs the CLI's commands on
 * its own database handle, over a Unix socket in the data folder (docs/operations.md).
 */
describe("operator commands through the running server", () => {
  let t: TestApp;
  let dir: string;
  let stop: () => Promise<void>;
  let owner: Account;
  let tenantId: string;
  let api: ReturnType<typeof inTenant>;

  beforeAll(async () => {
    t = await createTestApp({ BANK_TRANSFER_DETAILS: BANK });
    dir = mkdtempSync(join(tmpdir(), "nc-admin-"));
    stop = await startAdminSocket({
      dataDir: dir,
      database: t.database,
      services: t.app.services,
      config: t.app.services.config,
      log: t.app.log,
    });
    owner = await registerUser(t);
    tenantId = await createTenant(t, owner, "Socket Org");
    api = inTenant(t, owner, tenantId);
  }, 180_000);
  afterAll(async () => {
    await stop?.();
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** What a CLI run prints and exits with. */
  async function cli(...argv: string[]) {
    let stdout = "";
    let stderr = "";
    const code = await forwardToServer(adminSocketPath(dir), argv, "rita", {
      stdout: {
        write: (s: string) => {
          stdout += s;
          return true;
        },
      },
      stderr: {
        write: (s: string) => {
          stderr += s;
          return true;
        },
      },
    });
    return { code, stdout, stderr };
  }

  const balance = async () => (await t.app.services.billing.balance(tenantId)).balanceMicros;

  it("confirms a bank transfer: credited once, the customer told, the operator named", async () => {
    const { reference } = expectOk<{ reference: string }>(
      await api("POST", "/api/tenant/recharge", { method: "bank_transfer", amount: "25" }),
    );
    const before = await balance();
    const first = await cli("recharge", "confirm", "--reference", reference);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toContain(`Confirmed: ${reference} $25.00`);
    expect((await balance()) - before).toBe(25_000_000n);

    const again = await cli("recharge", "confirm", "--reference", reference);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain("already paid");
    expect((await balance()) - before).toBe(25_000_000n);

    const notices = expectOk<{ data: { type: string }[] }>(await api("GET", "/api/tenant/notice"));
    expect(notices.data.map((n) => n.type)).toContain("recharge_credited");
    const audit = await queryRows<{ actor_label: string | null }>(
      t.database.db,
      sql`select actor_label from audit_events where tenant_id = ${tenantId} and action = 'recharge.confirmed'`,
    );
    expect(audit.map((r) => r.actor_label)).toEqual(["rita"]);
  });

  it("adds to a balance once per idempotency key, with the same output as in a terminal", async () => {
    const before = await balance();
    const argv = [
      "balance",
      "add",
      "--tenant",
      tenantId,
      "--amount",
      "3.50",
      "--reason",
      "goodwill",
      "--key",
      "k1",
    ];
    const first = await cli(...argv);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^add \$3\.50 -> balance \$[\d.,]+ \(entry [0-9a-f-]{36}\)\n$/);
    const replay = await cli(...argv);
    expect(replay.stdout).toMatch(/^Already done \(same --key\): add \$3\.50/);
    expect((await balance()) - before).toBe(3_500_000n);
    // Every line of a command that prints several, in order, before the exit code.
    const show = await cli("balance", "show", "--tenant", tenantId);
    expect(show.code).toBe(0);
    expect(show.stdout.split("\n")).toEqual([
      `Tenant     ${tenantId}`,
      expect.stringMatching(/^Balance {4}[\d.]+ USD$/),
      expect.stringMatching(/^Ledger sum [\d.]+ USD$/),
      "OK",
      "",
    ]);
  });

  it("prints tables as a terminal does", async () => {
    const { code, stdout } = await cli("partner", "list");
    expect(code).toBe(0);
    expect(stdout).toMatch(/┌.*┐/);
    expect(stdout).toContain("(index)");
  });

  it("answers usage errors with the usage and exit code 2", async () => {
    const missing = await cli("recharge", "confirm");
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--reference is required");
    expect(missing.stderr).toContain("usage: recharge confirm");
    const unknown = await cli("nothing", "here");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Operator commands");
    const badFlag = await cli("balance", "show", "--nope");
    expect(badFlag.code).toBe(2);
  });

  it("refuses commands that are processes of their own", async () => {
    const { code, stderr } = await cli("worker", "run", "--once");
    expect(code).toBe(2);
    expect(stderr).toContain("runs as its own process");
  });

  it("answers a command's own refusal as it would in a terminal", async () => {
    const { code, stderr } = await cli("balance", "show", "--tenant", "00000000-0000-4000-8000-000000000000");
    expect(code).toBe(2);
    expect(stderr).toContain("no organisation 00000000-0000-4000-8000-000000000000");
  });

  it("is a socket only its owner can open, and says when no server listens", async () => {
    const mode = statSync(adminSocketPath(dir)).mode;
    expect(mode & 0o777).toBe(0o600);
    const elsewhere = mkdtempSync(join(tmpdir(), "nc-admin-none-"));
    try {
      expect(await forwardToServer(adminSocketPath(elsewhere), ["partner", "list"], "rita")).toBeNull();
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("drops malformed requests", async () => {
    const { connect } = await import("node:net");
    const reply = await new Promise<string>((resolve) => {
      const socket = connect(adminSocketPath(dir));
      let text = "";
      socket.on("data", (chunk) => (text += String(chunk)));
      socket.on("close", () => resolve(text));
      socket.write('{"argv": "balance show"}\n');
    });
    expect(reply).toContain('"exit":2');
    expect(reply).toContain("malformed request");
  });
});
