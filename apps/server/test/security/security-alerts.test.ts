import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/query";
import { call, expectOk, PASSWORD, registerUser, turnOnTwoFactor } from "../helpers/accounts";
import { createTenant, inTenant } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0";

/** E-mails that tell a person their account's guards changed (docs/security.md, "Sign-in alerts"). */
describe("security: alerts by e-mail", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const alerts = async (email: string) => {
    await t.app.services.mailer.flush();
    return queryRows<{ subject: string; text: string }>(
      t.database.db,
      sql`select subject, text from email_outbox where recipient = ${email}
            and subject ~ '(Security alert|Alerta de seguridad|Alerta de segurança|安全提醒)' order by id`,
    );
  };

  it("tells of two-factor sign-in turned on, new recovery codes and turned off: what, when, from where, what to do", async () => {
    const account = await registerUser(t);
    const via = { sid: account.sid, ip: "198.51.100.23", headers: { "user-agent": FIREFOX_MAC } };
    const { code } = await turnOnTwoFactor(t, account, via);
    expectOk(await call(t, "POST", "/api/tenant/uc/2fa/recovery-codes", { code: code(1) }, via));
    await t.database.db.execute(
      sql`update user_two_factor set last_step = null where user_id = ${account.id}`,
    );
    expectOk(await call(t, "POST", "/api/tenant/uc/2fa/disable", { password: PASSWORD, code: code() }, via));
    const sent = await alerts(account.email);
    expect(sent.map((m) => m.text.split("\n\n")[1]!.split("\n")[0])).toEqual([
      "Two-factor sign-in was turned on for your account.",
      "New recovery codes were made for your account; the old ones no longer work.",
      "Two-factor sign-in was turned off for your account.",
    ]);
    for (const mail of sent) {
      expect(mail.subject).toContain("Security alert");
      expect(mail.text).toMatch(/When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
      expect(mail.text).toContain("From: 198.51.100.23 · Firefox 133, macOS");
      expect(mail.text).toContain("change your password at once");
    }
  });

  it("tells of a new API key, naming it and the organisation, in the person's language", async () => {
    const owner = await registerUser(t);
    expectOk(await call(t, "POST", "/api/tenant/uc/profile", { locale: "es" }, { sid: owner.sid }));
    const tenantId = await createTenant(t, owner, "Tienda Norte");
    expectOk(
      await inTenant(t, owner, tenantId)("POST", "/api/tenant/apikey", {
        name: "Backend tienda",
        scopes: ["check"],
        mode: "test",
      }),
    );
    const sent = await alerts(owner.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("Se creó una nueva clave de API «Backend tienda» en Tienda Norte");
    expect(sent[0]!.text).toContain("Cuándo:");
    expect(sent[0]!.text).not.toContain("{{");
  });
});
