import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailCodes } from "../src/db/schema/index";
import { hashPassword } from "../src/features/auth/passwords";
import {
  call,
  codeFor,
  expectError,
  expectOk,
  expireEmailLimits,
  PASSWORD,
  uniqueEmail,
} from "./helpers/accounts";
import { createTestApp, type TestApp } from "./helpers/test-app";

// The rules every e-mailed code follows, shown on sign-up (6 digits, 10 minutes, 5 tries, single use).
describe("e-mail codes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function sendCode(email: string) {
    expectOk(await call(t, "POST", "/api/tenant/pub/register/code", { email }));
    return codeFor(t, email);
  }
  const register = (email: string, code: string) =>
    call(t, "POST", "/api/tenant/pub/register", { name: "Code", email, password: PASSWORD, code });
  const otherThan = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

  it("is six digits and stored only as a hash", async () => {
    const email = uniqueEmail("six");
    const code = await sendCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).not.toContain(code);
    const minutes = (rows[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9);
    expect(minutes).toBeLessThanOrEqual(10);
  });

  it("stops working after five wrong tries, even with the right code", async () => {
    const email = uniqueEmail("tries");
    const code = await sendCode(email);
    for (let i = 0; i < 5; i++) expectError(await register(email, otherThan(code)), 400, 40004);
    expectError(await register(email, code), 400, 40004);
  });

  it("still works after four wrong tries", async () => {
    const email = uniqueEmail("four");
    const code = await sendCode(email);
    for (let i = 0; i < 4; i++) expectError(await register(email, otherThan(code)), 400, 40004);
    expectOk(await register(email, code));
  });

  it("expires", async () => {
    const email = uniqueEmail("expired");
    const code = await sendCode(email);
    await t.database.db
      .update(emailCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailCodes.email, email));
    expectError(await register(email, code), 400, 40004);
  });

  it("works once only", async () => {
    const email = uniqueEmail("once");
    const code = await sendCode(email);
    expectOk(await register(email, code));
    // Reset codes are the ones a user could try to reuse against an existing account.
    expectOk(await call(t, "POST", "/api/tenant/pub/forget/code", { email }));
    const reset = await codeFor(t, email);
    const forget = () =>
      call(t, "POST", "/api/tenant/pub/forget", { email, code: reset, password: "Fresh-pass-2024" });
    expectOk(await forget());
    expectError(await forget(), 400, 40004);
  });

  it("is replaced by a newer code", async () => {
    const email = uniqueEmail("replaced");
    const first = await sendCode(email);
    await expireEmailLimits(t, email);
    let second = await sendCode(email);
    while (second === first) {
      await expireEmailLimits(t, email);
      second = await sendCode(email);
    }
    expectError(await register(email, first), 400, 40004);
    expectOk(await register(email, second));
  });

  it("serves only its own purpose: a sign-up code does not reset a password", async () => {
    const email = uniqueEmail("purpose");
    const signUpCode = await sendCode(email);
    // The address gets an account by another way while the sign-up code is still pending.
    const partner = await t.app.services.partners.forHost("localhost");
    await t.app.services.users.create({
      partnerId: partner.id,
      email,
      name: "Owner",
      passwordHash: await hashPassword(PASSWORD),
    });
    expectError(
      await call(t, "POST", "/api/tenant/pub/forget", {
        email,
        code: signUpCode,
        password: "Fresh-pass-2024",
      }),
      400,
      40004,
    );
    expectOk(await call(t, "POST", "/api/tenant/pub/login", { email, password: PASSWORD }));
  });
});
