import { readFileSync } from "node:fs";
import { isServiceCode, SERVICES, STANDARD_BAND_STARTS } from "@nc/contracts/services";
import { describe, expect, it } from "vitest";
import { DEFAULT_STANDARD_PRICES } from "./price-service";

/**
 * Migration 0045 gives an existing standard price list the bands of the services added after it
 * was seeded; they must be the descriptors' own (docs/architecture.md, "Adding a service").
 */
const SQL = readFileSync(new URL("../../../drizzle/0045_new_lookup_services.sql", import.meta.url), "utf8");
const rows = [...SQL.matchAll(/\('([a-z_]+)', (\d+), (\d+)::bigint\)/g)].map(([, service, band, price]) => ({
  service: service!,
  band: Number(band),
  price: BigInt(price!),
}));

describe("the new services' standard prices for an existing list", () => {
  it("reads the migration's rows", () => {
    expect(rows.length).toBeGreaterThanOrEqual(3);
  });

  it("are each service's descriptor bands, all three of them", () => {
    for (const service of new Set(rows.map((r) => r.service)).values()) {
      if (!isServiceCode(service)) continue;
      const bands = rows.filter((r) => r.service === service);
      expect(bands.map((r) => r.band)).toEqual([...STANDARD_BAND_STARTS]);
      expect(bands.map((r) => r.price)).toEqual([...DEFAULT_STANDARD_PRICES[service]]);
    }
  });

  it("are all of services sold, the caller name's among them", () => {
    const services = [...new Set(rows.map((r) => r.service))];
    expect(services.filter((service) => !isServiceCode(service))).toEqual([]);
    expect(rows.filter((r) => r.service === "caller_name").map((r) => r.price)).toEqual([
      12_000n,
      10_000n,
      8_000n,
    ]);
  });

  it("cover every service added after the first five", () => {
    const added = SERVICES.filter((s) => s.id > 5).map((s) => s.code);
    expect(added.length).toBeGreaterThan(0);
    for (const service of added) expect(rows.map((r) => r.service)).toContain(service);
  });
});
