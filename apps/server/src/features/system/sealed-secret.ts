import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { Db } from "../../core/db";
import { sharedSecret } from "./shared-secret";

/** The installation's key for secrets kept at rest (docs/security.md, "Two-factor sign-in"). */
const KEY_NAME = "two_factor_key";
const key = async (db: Db) => Buffer.from(await sharedSecret(db, KEY_NAME), "hex");

/**
 * AES-256-GCM under the installation's key: a copy of a table alone (a backup, a leaked query)
 * does not give the secret. `owner` (the row's person or organisation id) is authenticated with
 * it, so a sealed value copied to another row does not open. Used for the TOTP secrets and the
 * single sign-on client secrets.
 */
export async function sealSecret(db: Db, owner: string, secret: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", await key(db), iv);
  cipher.setAAD(Buffer.from(owner));
  const body = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export async function unsealSecret(db: Db, owner: string, sealed: string): Promise<string> {
  const [, iv, tag, body] = sealed.split(".");
  const decipher = createDecipheriv("aes-256-gcm", await key(db), Buffer.from(iv!, "base64url"));
  decipher.setAAD(Buffer.from(owner));
  decipher.setAuthTag(Buffer.from(tag!, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body!, "base64url")), decipher.final()]).toString("utf8");
}
