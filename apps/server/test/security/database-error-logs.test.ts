import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorMessageForLog } from "../../src/http/error-log";
import { call, expectError, expectOk, registerUser } from "../helpers/accounts";
import { createTenant, inTenant } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * A failed statement never writes its values to the log (docs/security.md): not drizzle's params,
 * not PGlite's, not PostgreSQL's detail ("Key (secret)=(...)", "Failing row contains (...)"), not a
 * value quoted in the message. The errors here are real ones from the database under test.
 */
describe("security: database errors log no values", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.execute(
      sql`create table leak_probe (secret text constraint leak_probe_secret_uq unique, n int constraint leak_probe_n_positive check (n > 0))`,
    );
  });
  afterAll(() => t.close());

  const logged = () => t.logs.join("");
  const secretValue = () => `whsec_${randomBytes(24).toString("base64url")}`;
  async function failure(statement: ReturnType<typeof sql>): Promise<Error> {
    try {
      await t.database.db.execute(statement);
    } catch (error) {
      return error as Error;
    }
    throw new Error("the statement did not fail");
  }

  it("unique, check, type and encoding errors: the secret is in none of the ways an error is logged", async () => {
    const secrets: string[] = [];
    const errors: Error[] = [];
    const unique = secretValue();
    secrets.push(unique);
    await t.database.db.execute(sql`insert into leak_probe (secret, n) values (${unique}, 1)`);
    errors.push(await failure(sql`insert into leak_probe (secret, n) values (${unique}, 2)`));
    const checked = secretValue();
    secrets.push(checked);
    errors.push(await failure(sql`insert into leak_probe (secret, n) values (${checked}, -1)`));
    const cast = secretValue();
    secrets.push(cast);
    errors.push(await failure(sql`select ${cast}::uuid`));
    const nul = secretValue();
    secrets.push(nul);
    errors.push(await failure(sql`insert into leak_probe (secret, n) values (${`${nul}\u0000`}, 3)`));

    // The secrets really are in what the database and drizzle handed back.
    const raw = errors.map((e) => `${e.message} ${JSON.stringify(e)} ${JSON.stringify(e.cause)}`).join("\n");
    for (const secret of secrets) expect(raw).toContain(secret);

    const before = t.logs.length;
    for (const error of errors) {
      t.app.log.error({ err: error }, "under err");
      t.app.log.error(error, "as the object");
      t.app.log.warn({ error, other: { note: "nested" } }, "under another key");
      t.app.log.child({ area: "probe" }).error({ err: error }, "from a child logger");
    }
    const lines = t.logs.slice(before).join("");
    expect(t.logs.length - before).toBe(errors.length * 4);
    for (const secret of secrets) {
      expect(lines).not.toContain(secret);
      expect(errorMessageForLog(errors[secrets.indexOf(secret)])).not.toContain(secret);
    }
    expect(lines).not.toContain("Failing row contains");
    expect(lines).not.toContain("Key (secret)");
    // What helps to find the fault stays: the SQLSTATE, the constraint, the statement with placeholders.
    expect(lines).toContain('"code":"23505"');
    expect(lines).toContain("leak_probe_secret_uq");
    expect(lines).toContain("leak_probe_n_positive");
    expect(lines).toContain('"code":"22P02"');
    expect(lines).toContain("insert into leak_probe (secret, n) values ($1, -1)");
    expect(lines).toContain("params: [redacted]");
  });

  it("a route whose write fails answers 500 and logs neither the webhook secret nor the password hash", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner);
    const api = inTenant(t, owner, tenantId);
    const made = expectOk<{ endpoint: { id: string }; secret: string }>(
      await api("POST", "/api/tenant/webhook", {
        url: "https://203.0.113.10/hook",
        events: ["job.completed"],
      }),
    );
    // From here on no row of webhooks or users can be changed: the next writes fail in the database.
    await t.database.db.execute(
      sql`alter table webhook_endpoints add constraint probe_frozen_webhooks check (false) not valid`,
    );
    await t.database.db.execute(
      sql`alter table users add constraint probe_frozen_users check (false) not valid`,
    );
    const before = t.logs.length;
    expectError(await api("POST", `/api/tenant/webhook/s/${made.endpoint.id}/roll`), 500, 50000);
    expectError(
      await call(
        t,
        "POST",
        "/api/tenant/uc/change/password",
        { password: owner.password, newPassword: "Green-valley-77" },
        { sid: owner.sid },
      ),
      500,
      50000,
    );
    const lines = t.logs.slice(before).join("");
    expect(lines).toContain("probe_frozen_webhooks");
    expect(lines).toContain("probe_frozen_users");
    expect(lines).not.toMatch(/whsec_[A-Za-z0-9_-]{20,}/);
    expect(lines).not.toContain("$argon2id$");
    expect(lines).not.toContain(owner.email);
    expect(logged()).not.toMatch(/whsec_[A-Za-z0-9_-]{20,}/);
  });
});
