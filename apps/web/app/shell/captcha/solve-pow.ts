/** Proof-of-work search of the ALTCHA scheme: the number whose SHA-256 with the salt is the challenge. */
export interface PowChallenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

const hex = (buffer: ArrayBuffer) =>
  [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");

export async function solvePow(challenge: PowChallenge): Promise<number | null> {
  const encoder = new TextEncoder();
  const max = challenge.maxnumber ?? 1_000_000;
  const algorithm = challenge.algorithm.toUpperCase();
  for (let n = 0; n <= max; n++) {
    const digest = await crypto.subtle.digest(algorithm, encoder.encode(challenge.salt + n));
    if (hex(digest) === challenge.challenge) return n;
  }
  return null;
}

export function encodeSolution(challenge: PowChallenge, number: number): string {
  const json = JSON.stringify({
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number,
    salt: challenge.salt,
    signature: challenge.signature,
  });
  return btoa(json);
}
