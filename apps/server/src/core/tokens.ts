import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

/** A random token (session id, invitation) of 256 bits, URL-safe. */
export const randomToken = () => randomBytes(32).toString("base64url");

export const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

export function sameDigest(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A six-digit code from a uniform draw (no modulo bias). */
export const sixDigitCode = () => String(randomInt(0, 1_000_000)).padStart(6, "0");
