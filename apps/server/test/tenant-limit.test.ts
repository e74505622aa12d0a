import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, expectOk, registerUser } from "./helpers/accounts";
import { createTenant } from "./helpers/tenancy";
import { createTestApp, onPostgres, type TestApp } from "./helpers/test-app";

/** The 10-organisation limit holds when requests race (a real server with concurrent connections). */
describe.skipIf(!onPostgres)("organisation limit under concurrency (PostgreSQL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("two creates at the same moment at 9 organisations give exactly one more", async () => {
    const user = await registerUser(t);
    for (let i = 1; i <= 9; i++) await createTenant(t, user, `Org ${i}`);
    const results = await Promise.all(
      [1, 2].map((i) => call(t, "POST", "/api/tenant", { name: `Racer ${i}` }, { sid: user.sid })),
    );
    const codes = results.map((r) => (r.json() as { code: number }).code).sort();
    expect(codes).toEqual([0, 40020]);
    expect(
      expectOk<unknown[]>(await call(t, "GET", "/api/tenant", undefined, { sid: user.sid })),
    ).toHaveLength(10);
  });

  it("ten creates at once from zero stop at ten", async () => {
    const user = await registerUser(t);
    const results = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        call(t, "POST", "/api/tenant", { name: `Burst ${i}` }, { sid: user.sid }),
      ),
    );
    const ok = results.filter((r) => (r.json() as { code: number }).code === 0).length;
    expect(ok).toBe(10);
    expect(
      expectOk<unknown[]>(await call(t, "GET", "/api/tenant", undefined, { sid: user.sid })),
    ).toHaveLength(10);
  });
});

if (!onPostgres) {
  console.info(
    "tenant-limit.test.ts: concurrency cases need PostgreSQL (TEST_DATABASE_URL); skipped on PGlite.",
  );
}
