import { describe, expect, it } from "vitest";
import { clientNetwork, ipAllowed, parseIpRange } from "../../core/ip";
import { keyHint, newKey, parseKey } from "./api-key-format";

describe("API key format", () => {
  it("makes keys that parse back to their lookup and digest, and nothing else parses", () => {
    const made = newKey("live");
    expect(made.key).toMatch(/^nc_live_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/);
    expect(parseKey(made.key)).toEqual({ mode: "live", lookup: made.lookup, digest: made.digest });
    expect(parseKey(`${made.key}x`)).toBeNull();
    expect(parseKey(made.key.replace("nc_live_", "nc_prod_"))).toBeNull();
    expect(parseKey("Bearer abc")).toBeNull();
    expect(newKey("test").key).not.toBe(newKey("test").key);
    expect(keyHint("live", made.lookup, made.last4)).toBe(`nc_live_${made.lookup}…${made.key.slice(-4)}`);
  });

  it("reads addresses and CIDR ranges, refuses anything else", () => {
    expect(parseIpRange("203.0.113.7")).toBe("203.0.113.7/32");
    expect(parseIpRange(" 10.0.0.0/8 ")).toBe("10.0.0.0/8");
    expect(parseIpRange("2001:db8::/32")).toBe("2001:db8::/32");
    for (const bad of ["10.0.0.0/33", "300.1.1.1", "example.com", "10.0.0.0/8/1", ""])
      expect(parseIpRange(bad)).toBeNull();
  });

  it("lets in addresses of the ranges only; an empty list lets everyone in", () => {
    const ranges = ["10.0.0.0/8", "203.0.113.7/32", "2001:db8::/32"];
    expect(ipAllowed("10.20.30.40", ranges)).toBe(true);
    expect(ipAllowed("::ffff:10.1.2.3", ranges)).toBe(true);
    expect(ipAllowed("203.0.113.7", ranges)).toBe(true);
    expect(ipAllowed("203.0.113.8", ranges)).toBe(false);
    expect(ipAllowed("2001:db8:1::5", ranges)).toBe(true);
    expect(ipAllowed("2001:db9::5", ranges)).toBe(false);
    expect(ipAllowed("not an ip", ranges)).toBe(false);
    expect(ipAllowed("192.0.2.1", [])).toBe(true);
  });
});

describe("clientNetwork", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:ffff::", "2001:db8:1:2::/64"],
    ["::1", "0:0:0:0::/64"],
    ["2001:db8::", "2001:db8:0:0::/64"],
    ["not-an-address", "not-an-address"],
  ])("%s -> %s", (ip, network) => {
    expect(clientNetwork(ip)).toBe(network);
  });

  it("puts every address of one /64 together and a neighbouring /64 apart", () => {
    expect(clientNetwork("2001:db8:1:2::5")).toBe(clientNetwork("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(clientNetwork("2001:db8:1:3::5")).not.toBe(clientNetwork("2001:db8:1:2::5"));
  });
});
