import { randomBytes } from "node:crypto";
import type { ApiKeyMode } from "@nc/contracts/api-keys";
import { sha256 } from "../../core/tokens";

/**
 * A key reads "nc_<mode>_<lookup>_<secret>": the lookup (12 hex characters, 48 bits) finds the
 * row, the secret (32 random bytes) is what proves it; only sha256 of the whole key is stored.
 */
const KEY = /^nc_(live|test)_([0-9a-f]{12})_([A-Za-z0-9_-]{43})$/;

export interface NewKey {
  key: string;
  lookup: string;
  digest: string;
  last4: string;
}

export function newKey(mode: ApiKeyMode): NewKey {
  const lookup = randomBytes(6).toString("hex");
  const key = `nc_${mode}_${lookup}_${randomBytes(32).toString("base64url")}`;
  return { key, lookup, digest: sha256(key), last4: key.slice(-4) };
}

/** The parts of a presented key, or null when it cannot be one of ours. */
export function parseKey(raw: string): { mode: ApiKeyMode; lookup: string; digest: string } | null {
  const match = KEY.exec(raw);
  return match ? { mode: match[1] as ApiKeyMode, lookup: match[2]!, digest: sha256(raw) } : null;
}

/** What the list shows of a key: its public part and last four characters. */
export const keyHint = (mode: string, lookup: string, last4: string) => `nc_${mode}_${lookup}…${last4}`;
