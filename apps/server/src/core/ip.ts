import { isIP } from "node:net";

/** An address or a CIDR range in canonical text, or null when it is neither. */
export function parseIpRange(raw: string): string | null {
  const [address = "", bits, ...rest] = raw.trim().split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return null;
  const max = version === 4 ? 32 : 128;
  if (bits === undefined) return `${address}/${max}`;
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return `${address}/${Number(bits)}`;
}

/** Whether an address lies in one of the ranges (an empty list lets every address in). */
export function ipAllowed(ip: string, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  const address = toBits(ip);
  if (!address) return false;
  return ranges.some((range) => {
    const [base = "", bits = "0"] = range.split("/");
    const network = toBits(base);
    return (
      network !== null &&
      network.length === address.length &&
      address.startsWith(network.slice(0, Number(bits)))
    );
  });
}

/**
 * The network a client is counted by in limits: an IPv4 address itself, an IPv6 address by its
 * /64, since one household or site is given a whole /64 and could otherwise take a fresh address
 * for every try (docs/security.md, "Sign-in, codes and lockout").
 */
export function clientNetwork(ip: string): string {
  const bits = toBits(ip);
  if (bits === null) return ip;
  if (bits.length === 32) return (bits.match(/.{8}/g) ?? []).map((b) => parseInt(b, 2)).join(".");
  const groups = (bits.slice(0, 64).match(/.{16}/g) ?? []).map((b) => parseInt(b, 2).toString(16));
  return `${groups.join(":")}::/64`;
}

/** An address as a string of bits (IPv4-mapped IPv6 addresses read as IPv4). */
function toBits(ip: string): string | null {
  const plain = ip.startsWith("::ffff:") && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const version = isIP(plain);
  if (version === 4)
    return plain
      .split(".")
      .map((p) => Number(p).toString(2).padStart(8, "0"))
      .join("");
  if (version !== 6) return null;
  const [head = "", tail = ""] = plain.split("::");
  const headParts = head ? head.split(":") : [];
  const tailParts = tail ? tail.split(":") : [];
  // An embedded IPv4 tail counts as two groups.
  const expand = (parts: string[]) =>
    parts.flatMap((p) =>
      p.includes(".") ? (toBits(p)!.match(/.{16}/g) ?? []).map((b) => parseInt(b, 2).toString(16)) : [p],
    );
  const left = expand(headParts);
  const right = expand(tailParts);
  const groups = plain.includes("::")
    ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right]
    : left;
  if (groups.length !== 8) return null;
  return groups.map((g) => parseInt(g, 16).toString(2).padStart(16, "0")).join("");
}
