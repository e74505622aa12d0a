import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PASSWORD_MAX, PASSWORD_MIN } from "./auth";
import { failedPasswordRules, PASSWORD_RULES, passwordRuleResults } from "./password-policy";

describe("password policy", () => {
  it("has the four rules in checklist order and the length limits 10..128", () => {
    expect(PASSWORD_RULES).toEqual(["length", "letterAndDigit", "notEmail", "notCommon"]);
    expect([PASSWORD_MIN, PASSWORD_MAX]).toEqual([10, 128]);
  });

  it("accepts a good password", () => {
    expect(failedPasswordRules("blue-horse-7-staple")).toEqual([]);
    expect(failedPasswordRules("blue-horse-7-staple", "ann@example.com")).toEqual([]);
  });

  describe("length", () => {
    it.each([
      [9, false],
      [10, true],
      [128, true],
      [129, false],
    ])("%i characters: %s", (n, ok) => {
      const password = `a1${"x".repeat(n - 2)}`;
      expect(password).toHaveLength(n);
      expect(passwordRuleResults(password).length).toBe(ok);
    });

    it("fails the empty password", () => {
      expect(failedPasswordRules("")).toContain("length");
    });
  });

  describe("letterAndDigit", () => {
    it.each([
      ["abcdefghijk", false],
      ["12345678901", false],
      ["!!!!!!!!!!!!", false],
      ["abcdefghij1", true],
      ["1234567890z", true],
      // Letters and digits of any script count.
      ["密码安全检查长度足够1", true],
      ["contraseña٣", true],
      ["пароль-безопасный-9", true],
    ])("%j: %s", (password, ok) => {
      expect(passwordRuleResults(password).letterAndDigit).toBe(ok);
    });
  });

  describe("notEmail", () => {
    it("fails a password containing the e-mail's local part, ignoring case", () => {
      expect(passwordRuleResults("Johnny-2024-x", "johnny@example.com").notEmail).toBe(false);
      expect(passwordRuleResults("xxJOHNNYxx12", "Johnny@Example.com").notEmail).toBe(false);
    });

    it("fails a password equal to the whole e-mail address", () => {
      expect(passwordRuleResults("ab@x.io", "ab@x.io").notEmail).toBe(false);
      expect(passwordRuleResults("AB@X.IO", "ab@x.io").notEmail).toBe(false);
    });

    it("ignores local parts shorter than three characters", () => {
      expect(passwordRuleResults("ab-cdefgh-12", "ab@example.com").notEmail).toBe(true);
    });

    it("passes without an e-mail, and for an unrelated one", () => {
      expect(passwordRuleResults("johnny-2024-x").notEmail).toBe(true);
      expect(passwordRuleResults("johnny-2024-x", "maria@example.com").notEmail).toBe(true);
    });
  });

  describe("notCommon", () => {
    it.each(["password123", "Password123", "QWERTY1234", "1q2w3e4r5t", "changeme123"])("refuses %j", (p) => {
      expect(passwordRuleResults(p).notCommon).toBe(false);
      expect(failedPasswordRules(p)).toContain("notCommon");
    });

    it("accepts a variation that is not on the list", () => {
      expect(passwordRuleResults("password123!").notCommon).toBe(true);
    });
  });

  it("lists the failed rules in checklist order", () => {
    expect(failedPasswordRules("short")).toEqual(["length", "letterAndDigit"]);
    expect(failedPasswordRules("maria", "maria@example.com")).toEqual([
      "length",
      "letterAndDigit",
      "notEmail",
    ]);
    expect(failedPasswordRules("Password123", "password@example.com")).toEqual(["notEmail", "notCommon"]);
  });

  it("failedPasswordRules is exactly the rules whose result is false, in order", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 140 }), fc.emailAddress(), (password, email) => {
        const results = passwordRuleResults(password, email);
        expect(Object.keys(results).sort()).toEqual([...PASSWORD_RULES].sort());
        expect(failedPasswordRules(password, email)).toEqual(PASSWORD_RULES.filter((r) => !results[r]));
      }),
    );
  });

  it("length is the only rule that depends on length alone", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme-ascii", maxLength: 140 }), (password) => {
        expect(passwordRuleResults(password).length).toBe(
          password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
        );
      }),
    );
  });
});
