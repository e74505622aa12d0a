import { randomBytes } from "node:crypto";
import { sha256 } from "../../core/tokens";
import { base32Encode } from "./totp";

/**
 * Recovery codes of two-factor sign-in (docs/security.md, "Two-factor sign-in"): 80 random bits
 * each, shown once in four groups of four base32 characters, kept only as a digest.
 */
export const newRecoveryCode = () => base32Encode(randomBytes(10)).toLowerCase();

/** How a code is shown: "abcd-efgh-ijkl-mnop". */
export const formatRecoveryCode = (code: string) => code.match(/.{4}/g)!.join("-");

/**
 * The stored digest of a code as `secondFactorSchema` normalises it (no dashes or spaces, lower
 * case). 80 random bits need no slow hash; the user id keeps equal codes of two users apart.
 */
export const recoveryCodeHash = (userId: string, code: string) => sha256(`${userId}:${code}`);
