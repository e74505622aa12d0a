import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from "node:crypto";

/**
 * A software authenticator for tests: an ES256 key pair from node:crypto, a "none" attestation
 * and signed assertions, encoded by hand (W3C WebAuthn Level 2, sections 6.1 and 6.5; CBOR, RFC
 * 8949), so what the server's library reads was not produced by that library.
 */

/** Minimal CBOR: integers, byte and text strings, maps (all WebAuthn needs here). */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    const b = Buffer.alloc(3);
    b[0] = (major << 5) | 25;
    b.writeUInt16BE(n, 1);
    return b;
  };
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") {
    const text = Buffer.from(value, "utf8");
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)]);
  if (value instanceof Map) {
    const parts: Buffer[] = [head(5, value.size)];
    for (const [k, v] of value) parts.push(cbor(k), cbor(v));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: unsupported ${typeof value}`);
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer) => data.toString("base64url");

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

function authData(rpId: string, flags: number, signCount: number, attested?: Buffer): Buffer {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(signCount);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
}

function clientData(type: "webauthn.create" | "webauthn.get", challenge: string, origin: string) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

export interface SoftCredential {
  id: string;
  privateKey: KeyObject;
  userHandle: string | undefined;
  /** The counter the next assertion reports (before it is increased). */
  signCount: number;
}

export interface Ceremony {
  rpId: string;
  origin: string;
  challenge: string;
}

/** `navigator.credentials.create()`: a new key pair, answered as the browser's JSON. */
export function createCredential(
  ceremony: Ceremony,
  options: { userHandle?: string; signCount?: number; userVerified?: boolean } = {},
) {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = cbor(
    new Map<number, unknown>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  const rawId = randomBytes(32);
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(rawId.length);
  const attested = Buffer.concat([Buffer.alloc(16), idLength, rawId, cose]);
  const signCount = options.signCount ?? 0;
  const flags = FLAG_UP | FLAG_AT | (options.userVerified === false ? 0 : FLAG_UV);
  const attestationObject = cbor(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData(ceremony.rpId, flags, signCount, attested)],
    ]),
  );
  const credential: SoftCredential = {
    id: b64url(rawId),
    privateKey,
    userHandle: options.userHandle,
    signCount: signCount + 1,
  };
  const response = {
    id: credential.id,
    rawId: credential.id,
    type: "public-key" as const,
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", ceremony.challenge, ceremony.origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal" as const],
    },
    authenticatorAttachment: "platform" as const,
    clientExtensionResults: {},
  };
  return { credential, response };
}

/**
 * `navigator.credentials.get()`: an assertion signed with the credential's key. The counter
 * grows by one each time unless `signCount` says what to report (a copy reports an old one).
 */
export function assertCredential(
  credential: SoftCredential,
  ceremony: Ceremony,
  options: { signCount?: number; userVerified?: boolean } = {},
) {
  const signCount = options.signCount ?? credential.signCount++;
  const data = authData(ceremony.rpId, FLAG_UP | (options.userVerified === false ? 0 : FLAG_UV), signCount);
  const client = clientData("webauthn.get", ceremony.challenge, ceremony.origin);
  const signature = sign("sha256", Buffer.concat([data, sha256(client)]), credential.privateKey);
  return {
    id: credential.id,
    rawId: credential.id,
    type: "public-key" as const,
    response: {
      clientDataJSON: b64url(client),
      authenticatorData: b64url(data),
      signature: b64url(signature),
      ...(credential.userHandle ? { userHandle: credential.userHandle } : {}),
    },
    authenticatorAttachment: "platform" as const,
    clientExtensionResults: {},
  };
}
