import { secondFactorSchema } from "@nc/contracts/two-factor";
import { describe, expect, it } from "vitest";
import { formatRecoveryCode, newRecoveryCode, recoveryCodeHash } from "./recovery-codes";
import { base32Decode, base32Encode, hotp, matchingStep, newTotpSecret, otpauthUri, totpStep } from "./totp";

// RFC 6238, Appendix B: the seeds are the ASCII digits repeated to each hash's key length.
const SEEDS = {
  sha1: Buffer.from("12345678901234567890"),
  sha256: Buffer.from("12345678901234567890123456789012"),
  sha512: Buffer.from("1234567890123456789012345678901234567890123456789012345678901234"),
} as const;

const VECTORS: [number, Record<keyof typeof SEEDS, string>][] = [
  [59, { sha1: "94287082", sha256: "46119246", sha512: "90693936" }],
  [1111111109, { sha1: "07081804", sha256: "68084774", sha512: "25091201" }],
  [1111111111, { sha1: "14050471", sha256: "67062674", sha512: "99943326" }],
  [1234567890, { sha1: "89005924", sha256: "91819424", sha512: "93441116" }],
  [2000000000, { sha1: "69279037", sha256: "90698825", sha512: "38618901" }],
  [20000000000, { sha1: "65353130", sha256: "77737706", sha512: "47863826" }],
];

describe("TOTP (RFC 6238)", () => {
  for (const [seconds, codes] of VECTORS) {
    for (const algorithm of ["sha1", "sha256", "sha512"] as const) {
      it(`gives the published 8-digit code at T=${seconds} with ${algorithm}`, () => {
        expect(hotp(SEEDS[algorithm], totpStep(seconds * 1000), 8, algorithm)).toBe(codes[algorithm]);
      });
    }
  }

  it("gives the six-digit codes apps show (the last six digits of the published SHA-1 codes)", () => {
    const secret = base32Encode(SEEDS.sha1);
    expect(secret).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    for (const [seconds, codes] of VECTORS) {
      expect(matchingStep(secret, codes.sha1.slice(2), seconds * 1000)).toBe(totpStep(seconds * 1000));
    }
  });

  it("accepts one step either side of now and nothing further", () => {
    const secret = base32Encode(SEEDS.sha1);
    const at = 1111111111 * 1000;
    const now = totpStep(at);
    const codeAt = (step: number) => hotp(SEEDS.sha1, step);
    expect(matchingStep(secret, codeAt(now - 1), at)).toBe(now - 1);
    expect(matchingStep(secret, codeAt(now + 1), at)).toBe(now + 1);
    expect(matchingStep(secret, codeAt(now - 2), at)).toBeNull();
    expect(matchingStep(secret, codeAt(now + 2), at)).toBeNull();
    expect(matchingStep(secret, "12345", at)).toBeNull();
  });

  it("makes 20-byte base32 secrets that decode back to 20 bytes", () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it("writes the otpauth address authenticator apps read", () => {
    const text = otpauthUri("GEZDGNBVGY3TQOJQ", "Acme Checks", "ana@example.com");
    expect(text.startsWith("otpauth://totp/Acme%20Checks:ana%40example.com?")).toBe(true);
    const uri = new URL(text);
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: "GEZDGNBVGY3TQOJQ",
      issuer: "Acme Checks",
      algorithm: "SHA1",
      digits: "6",
      period: "30",
    });
  });
});

describe("recovery codes", () => {
  it("are 80 random bits, shown in four groups of four", () => {
    const codes = Array.from({ length: 10 }, newRecoveryCode);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) {
      expect(code).toMatch(/^[a-z2-7]{16}$/);
      expect(formatRecoveryCode(code)).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    }
  });

  it("are kept as a digest that the code as typed (spaces, dashes, capitals) finds, bound to the user", () => {
    const code = newRecoveryCode();
    const stored = recoveryCodeHash("user-a", code);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain(code);
    const typed = ` ${formatRecoveryCode(code).toUpperCase().replace("-", " ")} `;
    expect(recoveryCodeHash("user-a", secondFactorSchema.parse(typed))).toBe(stored);
    expect(recoveryCodeHash("user-b", code)).not.toBe(stored);
  });

  it("leave six digits as an app code and refuse anything else", () => {
    expect(secondFactorSchema.parse(" 123 456 ")).toBe("123456");
    expect(secondFactorSchema.safeParse("12345").success).toBe(false);
    expect(secondFactorSchema.safeParse("abcd-efgh-ijkl-mno1").success).toBe(false);
  });
});
