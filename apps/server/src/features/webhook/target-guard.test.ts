import { describe, expect, it } from "vitest";
import { forbiddenTarget, isForbiddenAddress } from "./target-guard";

describe("isForbiddenAddress", () => {
  it("refuses every address that reaches the inside", () => {
    for (const address of [
      "127.0.0.1",
      "127.255.255.254",
      "10.0.0.1",
      "172.16.0.1",
      "172.31.255.255",
      "192.168.0.1",
      "169.254.169.254",
      "100.64.0.1",
      "100.127.255.255",
      "0.0.0.0",
      "224.0.0.251",
      "239.255.255.250",
      "255.255.255.255",
      "198.18.0.1",
      "::1",
      "::",
      "fc00::1",
      "fd12:3456:789a::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a00:1",
      "64:ff9b::10.0.0.1",
      "64:ff9b::a9fe:a9fe",
      "2002:7f00:1::",
      "2002:c0a8:101::1",
      "[::1]",
      "not an address",
    ])
      expect(isForbiddenAddress(address), address).toBe(true);
  });

  it("lets public addresses through", () => {
    for (const address of [
      "8.8.8.8",
      "203.0.113.10",
      "172.32.0.1",
      "100.128.0.1",
      "11.0.0.1",
      "2001:4860:4860::8888",
      "2a00:1450:4001::200e",
      "::ffff:8.8.8.8",
      "64:ff9b::808:808",
      "2002:808:808::1",
    ])
      expect(isForbiddenAddress(address), address).toBe(false);
  });
});

describe("forbiddenTarget", () => {
  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));

  it("checks literals without a look-up and names by every address they have", async () => {
    const never = async () => {
      throw new Error("no look-up expected");
    };
    expect(await forbiddenTarget("http://127.0.0.1:8080/x", { allowPrivate: false, resolve: never })).toEqual(
      {
        host: "127.0.0.1",
        address: "127.0.0.1",
      },
    );
    expect(await forbiddenTarget("https://[::1]/x", { allowPrivate: false, resolve: never })).toEqual({
      host: "::1",
      address: "::1",
    });
    expect(
      await forbiddenTarget("https://203.0.113.9/x", { allowPrivate: false, resolve: never }),
    ).toBeNull();
    // One private address among public ones is enough to refuse.
    expect(
      await forbiddenTarget("https://hooks.example/x", {
        allowPrivate: false,
        resolve: resolveTo("203.0.113.9", "10.0.0.2"),
      }),
    ).toEqual({ host: "hooks.example", address: "10.0.0.2" });
    expect(
      await forbiddenTarget("https://hooks.example/x", {
        allowPrivate: false,
        resolve: resolveTo("203.0.113.9"),
      }),
    ).toBeNull();
  });

  it("lets everything through when the operator allows private targets; unresolvable names pass", async () => {
    expect(await forbiddenTarget("http://127.0.0.1/x", { allowPrivate: true })).toBeNull();
    const fails = async () => {
      throw Object.assign(new Error("nope"), { code: "ENOTFOUND" });
    };
    expect(
      await forbiddenTarget("https://nowhere.example/x", { allowPrivate: false, resolve: fails }),
    ).toBeNull();
  });
});
