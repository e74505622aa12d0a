import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { ipAllowed } from "../../core/ip";

/** Answers every address a host name stands for (dns.lookup by default; tests pass their own). */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/**
 * IPv4 ranges a webhook must never reach from the server: "this network", private (RFC 1918),
 * carrier-grade NAT, loopback, link-local (cloud metadata lives there), IETF protocol
 * assignments, benchmarking, multicast and reserved (broadcast included).
 */
const V4_RANGES = [
  "0.0.0.0/8",
  "10.0.0.0/8",
  "100.64.0.0/10",
  "127.0.0.0/8",
  "169.254.0.0/16",
  "172.16.0.0/12",
  "192.0.0.0/24",
  "192.168.0.0/16",
  "198.18.0.0/15",
  "224.0.0.0/4",
  "240.0.0.0/4",
];

/** The same IPv4 range inside 6to4 (2002::/16): its address is bits 16-47. */
function sixToFour(range: string): string {
  const [base = "", bits = "32"] = range.split("/");
  const [a = 0, b = 0, c = 0, d = 0] = base.split(".").map(Number);
  const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
  return `2002:${hex(a, b)}:${hex(c, d)}::/${16 + Number(bits)}`;
}

const FORBIDDEN = [
  ...V4_RANGES,
  // IPv4-compatible (deprecated; :: and ::1 included) and IPv4-mapped addresses written in hex.
  "::/96",
  "::ffff:0:0/96",
  // NAT64 and 6to4 carry an IPv4 address: refused when that one would be.
  ...V4_RANGES.map((range) => {
    const [base, bits] = range.split("/");
    return `64:ff9b::${base}/${96 + Number(bits)}`;
  }),
  "64:ff9b:1::/48",
  ...V4_RANGES.map(sixToFour),
  // Unique-local, link-local, the old site-local, multicast.
  "fc00::/7",
  "fe80::/10",
  "fec0::/10",
  "ff00::/8",
];

/** Whether a webhook may not be sent to this address. Anything that does not parse is refused. */
export function isForbiddenAddress(raw: string): boolean {
  const address = raw.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  if (isIP(address) === 0) return true;
  return ipAllowed(address, FORBIDDEN);
}

/** A URL's host as DNS knows it (IPv6 literals without their brackets). */
export const hostOf = (url: URL) => url.hostname.replace(/^\[|\]$/g, "");

/**
 * The host and address that make a webhook URL unacceptable, or null. The host is resolved and
 * every address it has must be public (a name with one private address among public ones is
 * refused too). A name that does not resolve passes: delivery checks again, and fails it.
 */
export async function forbiddenTarget(
  url: string,
  options: { allowPrivate: boolean; resolve?: Resolve },
): Promise<{ host: string; address: string } | null> {
  if (options.allowPrivate) return null;
  const host = hostOf(new URL(url));
  if (isIP(host) !== 0) return isForbiddenAddress(host) ? { host, address: host } : null;
  let addresses: { address: string }[];
  try {
    addresses = await (options.resolve ?? systemResolve)(host);
  } catch {
    return null;
  }
  const bad = addresses.find((a) => isForbiddenAddress(a.address));
  return bad ? { host, address: bad.address } : null;
}
