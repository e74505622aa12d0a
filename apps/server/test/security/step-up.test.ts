import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../src/db/query";
import {
  type Account,
  call,
  expectError,
  expectOk,
  login,
  PASSWORD,
  registerUser,
  turnOnTwoFactor,
} from "../helpers/accounts";
import { ROUTE_SAMPLES } from "../helpers/route-samples";
import { createTenant, inTenant, memberWithRole } from "../helpers/tenancy";
import { makeTenantFixture } from "../helpers/tenant-fixture";
import { cookieFrom, createTestApp, type TestApp } from "../helpers/test-app";

/** Every organisation route that needs a fresh proof (docs/security.md, "Step-up"). */
const STEP_UP_ROUTES = [
  "POST /api/tenant/apikey",
  "POST /api/tenant/apikey/s/:id/roll",
  "POST /api/tenant/account/settings",
  "POST /api/tenant/webhook",
  "POST /api/tenant/webhook/s/:id",
  "DELETE /api/tenant/webhook/s/:id",
  "POST /api/tenant/webhook/s/:id/roll",
  "POST /api/tenant/tenant_user/s/:userId",
  "DELETE /api/tenant/tenant_user/s/:userId",
  "POST /api/tenant/role",
  "POST /api/tenant/role/s/:id",
  "DELETE /api/tenant/role/s/:id",
  "POST /api/tenant/invite",
  "POST /api/tenant/s/:id/delete",
  "POST /api/tenant/s/:id/sso",
  "POST /api/tenant/s/:id/sso/domains",
  "DELETE /api/tenant/s/:id/sso/domains/:domainId",
  "POST /api/tenant/s/:id/sso/domains/:domainId/dns",
  "POST /api/tenant/s/:id/sso/domains/:domainId/email",
  "POST /api/tenant/s/:id/sso/domains/:domainId/code",
];

describe("security: step-up for what matters", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
  });
  afterAll(() => t.close());

  /** As if the session's last proof (the sign-in included) was eleven minutes ago. */
  const stale = (sid: string) =>
    t.database.db.execute(
      sql`update sessions set step_up_at = now() - interval '11 minutes'
          where id_hash = encode(sha256(convert_to(${sid}, 'UTF8')), 'hex')`,
    );
  const stepUp = (sid: string, body: object) => call(t, "POST", "/api/tenant/uc/step-up", body, { sid });

  it("refuses every such route with 403 / 40340 ten minutes after the last proof, and changes nothing", async () => {
    const f = await makeTenantFixture(t, "Step-up");
    const api = inTenant(t, f.owner, f.tenantId);
    const [before] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*) from api_keys where tenant_id = ${f.tenantId})::int
               + (select count(*) from roles where tenant_id = ${f.tenantId})::int as n`,
    );
    await stale(f.owner.sid);
    for (const route of STEP_UP_ROUTES) {
      const sample = ROUTE_SAMPLES[route]!(f);
      const method = route.split(" ")[0] as "POST" | "DELETE";
      const refused = expectError(await api(method, sample.url, sample.body), 403, 40340);
      expect(refused.msg, route).toContain("10");
    }
    const [after] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select (select count(*) from api_keys where tenant_id = ${f.tenantId})::int
               + (select count(*) from roles where tenant_id = ${f.tenantId})::int as n`,
    );
    expect(after!.n).toBe(before!.n);
    // Reading is not affected.
    expectOk(await api("GET", "/api/tenant/apikey"));

    // The password proves it (no second factor set): allowed again, for this session.
    expectError(await stepUp(f.owner.sid, { password: "Wrong-password-1" }), 400, 40012);
    expectError(await stepUp(f.owner.sid, {}), 400, 40012);
    const { until } = expectOk<{ until: string }>(await stepUp(f.owner.sid, { password: PASSWORD }));
    expect(Date.parse(until) - Date.now()).toBeGreaterThan(9.9 * 60_000);
    const sample = ROUTE_SAMPLES["POST /api/tenant/apikey"]!(f);
    expectOk(await api("POST", sample.url, sample.body));
  });

  it("counts a fresh sign-in as the proof, and a proof in one session not in another", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner);
    const key = { name: "k", scopes: ["check"], mode: "test" };
    expectOk(await inTenant(t, owner, tenantId)("POST", "/api/tenant/apikey", key));
    const second = cookieFrom(await login(t, owner.email, PASSWORD))!;
    await stale(owner.sid);
    await stale(second);
    expectOk(await stepUp(second, { password: PASSWORD }));
    expectOk(await inTenant(t, { ...owner, sid: second }, tenantId)("POST", "/api/tenant/apikey", key));
    expectError(await inTenant(t, owner, tenantId)("POST", "/api/tenant/apikey", key), 403, 40340);
  });

  it("checks membership and the permission before asking for a proof", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner);
    const viewer = await memberWithRole(t, tenantId, "viewer");
    const stranger = await registerUser(t);
    await stale(viewer.sid);
    await stale(stranger.sid);
    const key = { name: "k", scopes: ["check"], mode: "test" };
    expectError(await inTenant(t, viewer, tenantId)("POST", "/api/tenant/apikey", key), 403, 40300);
    expect((await inTenant(t, stranger, tenantId)("POST", "/api/tenant/apikey", key)).json().code).toBe(
      40036,
    );
    expectError(await call(t, "POST", "/api/tenant/uc/step-up", { password: PASSWORD }), 401, 40099);
  });

  it("asks for a code, not the password, when two-factor sign-in is on; a wrong one takes a try", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner);
    const { code } = await turnOnTwoFactor(t, owner);
    await stale(owner.sid);
    expectError(await stepUp(owner.sid, { password: PASSWORD }), 400, 40016);
    const wrong = code(1) === "000000" ? "111111" : "000000";
    expectError(await stepUp(owner.sid, { code: wrong }), 400, 40016);
    const [row] = await queryRows<{ tries: number }>(
      t.database.db,
      sql`select tries from user_two_factor where user_id = ${owner.id}`,
    );
    expect(row!.tries).toBeGreaterThanOrEqual(1);
    // The code accepted at set-up cannot be replayed; the next step's is a fresh proof.
    expectError(await stepUp(owner.sid, { code: code() }), 400, 40016);
    expectOk(await stepUp(owner.sid, { code: code(1) }));
    expectOk(
      await inTenant(t, owner, tenantId)("POST", "/api/tenant/apikey", {
        name: "k",
        scopes: ["check"],
        mode: "test",
      }),
    );
  });

  it("limits password proofs to ten per 15 minutes per account", async () => {
    const owner = await registerUser(t);
    const answers = await Promise.all(
      Array.from({ length: 14 }, () => stepUp(owner.sid, { password: "Wrong-password-1" })),
    );
    const codes = answers.map((r) => r.json().code);
    expect(codes.filter((c) => c === 40012)).toHaveLength(10);
    expect(codes.filter((c) => c === 42900)).toHaveLength(4);
    expectError(await stepUp(owner.sid, { password: PASSWORD }), 429, 42900);
  });

  it("asks nothing of calls with an API key: the public API works whatever the session's proof", async () => {
    const owner = await registerUser(t);
    const tenantId = await createTenant(t, owner);
    const made = expectOk<{ secret: string }>(
      await inTenant(t, owner, tenantId)("POST", "/api/tenant/apikey", {
        name: "k",
        scopes: ["usage:read"],
        mode: "live",
      }),
    );
    await stale(owner.sid);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/v1/balance",
      headers: { authorization: `Bearer ${made.secret}` },
    });
    expect(res.json().code).toBe(0);
  });

  it("needs a fresh proof to delete one's account", async () => {
    const person: Account = await registerUser(t);
    await stale(person.sid);
    expectError(
      await call(t, "POST", "/api/tenant/uc/delete", { password: PASSWORD }, { sid: person.sid }),
      403,
      40340,
    );
    expectOk(await stepUp(person.sid, { password: PASSWORD }));
    expect(
      (await call(t, "POST", "/api/tenant/uc/delete", { password: PASSWORD }, { sid: person.sid })).json()
        .code,
    ).not.toBe(40340);
  });
});
