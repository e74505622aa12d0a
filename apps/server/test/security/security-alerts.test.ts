import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256 } from "../../src/core/tokens";
import { queryRows } from "../../src/db/query";
import { deviceRepo, KNOWN_DEVICES_MAX } from "../../src/features/auth/device-repo";
import { call, expectOk, login, PASSWORD, registerUser, turnOnTwoFactor } from "../helpers/accounts";
import { createTenant, inTenant } from "../helpers/tenancy";
import { cookieFrom, createTestApp, type TestApp } from "../helpers/test-app";

const FIREFOX_MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.7; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

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

  /** A sign-in from a browser holding the given device cookie (none: a device never seen). */
  const signInFrom = async (
    account: { email: string },
    device: string | undefined,
    ip: string,
    userAgent = CHROME_WINDOWS,
  ) => {
    const headers: Record<string, string> = { "user-agent": userAgent };
    if (device) headers.cookie = `device=${device}`;
    const res = await login(t, account.email, PASSWORD, { ip, headers });
    expectOk(res);
    return cookieFrom(res, "device");
  };

  it("tells of a sign-in from a new device once; the registering device and a known one tell nothing", async () => {
    const account = await registerUser(t);
    expect(account.device).toMatch(/^[\w-]{43}$/);
    // The browser that registered is known: signing in from it again is no news.
    expect(await signInFrom(account, account.device, "198.51.100.40", FIREFOX_MAC)).toBe(account.device);
    expect(await alerts(account.email)).toEqual([]);

    const other = await signInFrom(account, undefined, "203.0.113.77");
    expect(other).toBeTruthy();
    expect(other).not.toBe(account.device);
    const sent = await alerts(account.email);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain("signed in to your account from a device not used with it before");
    expect(sent[0]!.text).toMatch(/When: \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(sent[0]!.text).toContain("From: 203.0.113.77 · Chrome 131, Windows");
    expect(sent[0]!.text).toContain("change your password at once");
    expect(sent[0]!.text).toMatch(/^http:\/\/localhost(:\d+)?\/dashboard\/profile$/m);

    // That device is now known too: the next sign-in from it sends nothing more.
    await signInFrom(account, other, "203.0.113.78");
    expect(await alerts(account.email)).toHaveLength(1);

    // The table keeps the cookie's hash only, never the value the browser holds.
    const rows = await queryRows<{ device_hash: string; user_agent: string | null }>(
      t.database.db,
      sql`select device_hash, user_agent from known_devices where user_id = ${account.id} order by first_seen_at`,
    );
    expect(rows.map((r) => r.device_hash)).toEqual([sha256(account.device!), sha256(other!)]);
    expect(rows[1]!.user_agent).toBe("Chrome 131, Windows");
  });

  it("tells of a new device only once the second factor is given, in the person's language", async () => {
    const account = await registerUser(t);
    expectOk(await call(t, "POST", "/api/tenant/uc/profile", { locale: "pt" }, { sid: account.sid }));
    const { code } = await turnOnTwoFactor(t, account, { sid: account.sid });
    const before = (await alerts(account.email)).length;
    const step = await login(t, account.email, PASSWORD, { ip: "203.0.113.90" });
    const pending = cookieFrom(step, "tfa");
    expect(pending).toBeTruthy();
    expect(await alerts(account.email)).toHaveLength(before);
    const done = await t.app.inject({
      method: "POST",
      url: "/api/tenant/pub/login/2fa",
      payload: { code: code(1), remember: false },
      remoteAddress: "203.0.113.90",
      cookies: { tfa: pending! },
    });
    expectOk(done);
    const sent = await alerts(account.email);
    expect(sent).toHaveLength(before + 1);
    expect(sent.at(-1)!.text).toContain("Alguém entrou na sua conta a partir de um dispositivo");
    expect(sent.at(-1)!.text).toMatch(/^http:\/\/localhost(:\d+)?\/pt\/dashboard\/profile$/m);
  });

  it("keeps a person's newest devices only", async () => {
    const account = await registerUser(t);
    const devices = deviceRepo(t.database.db);
    for (let i = 0; i < KNOWN_DEVICES_MAX + 5; i++) await devices.seen(account.id, `device-${i}`, null);
    const kept = await queryRows<{ device_hash: string }>(
      t.database.db,
      sql`select device_hash from known_devices where user_id = ${account.id}`,
    );
    expect(kept).toHaveLength(KNOWN_DEVICES_MAX);
    expect(kept.map((r) => r.device_hash)).toContain(`device-${KNOWN_DEVICES_MAX + 4}`);
    expect(kept.map((r) => r.device_hash)).not.toContain(sha256(account.device!));
  });
});
