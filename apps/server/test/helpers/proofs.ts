import { type Account, call, expectError, expectFieldError } from "./accounts";
import type { TestApp } from "./test-app";

/**
 * A privacy action (docs/security.md, "Privacy: export and deletion") refused without a proof
 * (field `password`, `required`), with a wrong password (40012), a wrong e-mailed code (40004) and
 * without a session (40099).
 */
export async function expectProofsRefused(t: TestApp, path: string, person: Account) {
  expectFieldError(await call(t, "POST", path, {}, { sid: person.sid }), "password", "required");
  expectError(await call(t, "POST", path, { password: "Wrong-password-9" }, { sid: person.sid }), 400, 40012);
  expectError(await call(t, "POST", path, { code: "000000" }, { sid: person.sid }), 400, 40004);
  expectError(await call(t, "POST", path, { password: person.password }), 401, 40099);
}
