import { PASSWORD_MAX, PASSWORD_MIN } from "./auth";

/**
 * Minimum password strength, shown as a checklist in the forms and enforced by the server.
 * Length and a blocklist follow current guidance (NIST SP 800-63B) over composition puzzles;
 * a letter and a digit rule out the most common all-digit and dictionary-word choices.
 */
export const PASSWORD_RULES = ["length", "letterAndDigit", "notEmail", "notCommon"] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

const COMMON = new Set([
  "password1",
  "password12",
  "password123",
  "password1234",
  "qwerty1234",
  "qwertyuiop1",
  "1234567890a",
  "a1234567890",
  "abc1234567",
  "abcd123456",
  "iloveyou12",
  "welcome123",
  "letmein123",
  "admin12345",
  "passw0rd12",
  "qwerty12345",
  "1q2w3e4r5t",
  "1qaz2wsx3edc",
  "zaq12wsxcde",
  "monkey12345",
  "dragon12345",
  "football123",
  "baseball123",
  "sunshine12",
  "princess12",
  "changeme123",
  "trustno1234",
]);

export function passwordRuleResults(password: string, email = ""): Record<PasswordRule, boolean> {
  const lower = password.toLowerCase();
  const local = email.toLowerCase().split("@")[0] ?? "";
  return {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    letterAndDigit: /\p{L}/u.test(password) && /\p{Nd}/u.test(password),
    notEmail: !(local.length >= 3 && lower.includes(local)) && lower !== email.toLowerCase(),
    notCommon: !COMMON.has(lower),
  };
}

export function failedPasswordRules(password: string, email = ""): PasswordRule[] {
  const results = passwordRuleResults(password, email);
  return PASSWORD_RULES.filter((rule) => !results[rule]);
}
