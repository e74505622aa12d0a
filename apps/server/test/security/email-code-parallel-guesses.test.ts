import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailCodes } from "../../src/db/schema/index";
import { CODE_MAX_ATTEMPTS, type CodePurpose } from "../../src/features/auth/email-code-service";
import { body, call, codeFor, expectError, expectOk, registerUser, uniqueEmail } from "../helpers/accounts";
import { createTenant, inTenant } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

const GUESSES = 100;
const otherThan = (code: string, i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0");

/**
 * Parallel guesses cannot beat the five tries of an e-mailed code: every guess takes a try in one
 * conditional UPDATE before it is compared, on every flow that consumes codes (docs/security.md).
 * Each request comes from its own address, so only the code's own limit is in play.
 */
describe("security: e-mail codes keep their five tries under parallel guesses", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A pending code of one purpose, and how to guess at it. */
  interface Flow {
    email: string;
    code: string;
    guess(code: string): Promise<LightMyRequestResponse>;
  }

  const flows: Record<CodePurpose, () => Promise<Flow>> = {
    async register() {
      const email = uniqueEmail("race-register");
      expectOk(await call(t, "POST", "/api/tenant/pub/register/code", { email }));
      return {
        email,
        code: await codeFor(t, email),
        guess: (code) =>
          call(t, "POST", "/api/tenant/pub/register", {
            name: "Racer",
            email,
            password: "Blue-river-42",
            code,
          }),
      };
    },
    async reset() {
      const { email } = await registerUser(t);
      expectOk(await call(t, "POST", "/api/tenant/pub/forget/code", { email }));
      return {
        email,
        code: await codeFor(t, email),
        guess: (code) =>
          call(t, "POST", "/api/tenant/pub/forget", { email, code, password: "Fresh-meadow-2024" }),
      };
    },
    async change_email() {
      // The victim's address is what a change-e-mail guesser would claim.
      const attacker = await registerUser(t);
      const email = uniqueEmail("race-claimed");
      expectOk(await call(t, "POST", "/api/tenant/uc/change/email/code", { email }, { sid: attacker.sid }));
      return {
        email,
        code: await codeFor(t, email),
        guess: (code) =>
          call(t, "POST", "/api/tenant/uc/change/email", { email, code }, { sid: attacker.sid }),
      };
    },
    async confirm() {
      // Restoring an organisation that waits to be deleted is confirmed with a code (privacy controls).
      const owner = await registerUser(t);
      const tenantId = await createTenant(t, owner);
      const asOwner = inTenant(t, owner, tenantId);
      expectOk(await asOwner("POST", `/api/tenant/s/${tenantId}/delete`, { password: owner.password }));
      expectOk(await call(t, "POST", "/api/tenant/uc/confirm/code", {}, { sid: owner.sid }));
      return {
        email: owner.email,
        code: await codeFor(t, owner.email),
        guess: (code) => asOwner("POST", `/api/tenant/s/${tenantId}/restore`, { code }),
      };
    },
  };

  async function attempts(email: string, purpose: CodePurpose) {
    const rows = await t.database.db
      .select({ attempts: emailCodes.attempts, usedAt: emailCodes.usedAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  describe.each(Object.keys(flows) as CodePurpose[])("%s", (purpose) => {
    it(`${GUESSES} parallel wrong guesses use exactly five tries; the right code afterwards is refused`, async () => {
      const flow = await flows[purpose]();
      const answers = await Promise.all(
        Array.from({ length: GUESSES }, (_, i) => flow.guess(otherThan(flow.code, i))),
      );
      for (const res of answers) expectError(res, 400, 40004);
      expect((await attempts(flow.email, purpose)).attempts).toBe(CODE_MAX_ATTEMPTS);
      expectError(await flow.guess(flow.code), 400, 40004);
      expect(await attempts(flow.email, purpose)).toEqual({ attempts: CODE_MAX_ATTEMPTS, usedAt: null });
    });

    it(`the right code among ${GUESSES} parallel guesses wins only if it was one of the five compared`, async () => {
      const flow = await flows[purpose]();
      const guesses = Array.from({ length: GUESSES }, (_, i) =>
        i === 60 ? flow.code : otherThan(flow.code, i),
      );
      const answers = await Promise.all(guesses.map((code) => flow.guess(code)));
      const accepted = answers.filter((res) => body(res).code === 0);
      expect(accepted.length).toBeLessThanOrEqual(1);
      for (const res of answers) if (body(res).code !== 0) expectError(res, 400, 40004);
      const row = await attempts(flow.email, purpose);
      // Never more than five comparisons, whatever the interleaving; once the code is used, the
      // guesses still in flight find nothing left to try.
      expect(row.attempts).toBeLessThanOrEqual(CODE_MAX_ATTEMPTS);
      if (accepted.length === 0) expect(row).toEqual({ attempts: CODE_MAX_ATTEMPTS, usedAt: null });
      else expect(row.usedAt).not.toBeNull();
    });

    it(`${GUESSES} parallel right guesses are accepted once`, async () => {
      const flow = await flows[purpose]();
      const answers = await Promise.all(Array.from({ length: GUESSES }, () => flow.guess(flow.code)));
      expect(answers.filter((res) => body(res).code === 0)).toHaveLength(1);
      for (const res of answers) if (body(res).code !== 0) expectError(res, 400, 40004);
      expect((await attempts(flow.email, purpose)).usedAt).not.toBeNull();
    });
  });
});
