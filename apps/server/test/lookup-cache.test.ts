import type { HlrResult, MnpResult } from "@nc/numcheck/types";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../src/db/query";
import { DbLookupCache } from "../src/features/lookup/db-lookup-cache";
import { createTestApp, type TestApp } from "./helpers/test-app";

const hlr = (e164: string, provider: string) =>
  ({ e164, connectivity: "connected", provider }) as unknown as HlrResult;
const mnp = (e164: string) => ({ e164, ported: "ported", provider: "p" }) as unknown as MnpResult;

/** Reads and writes made together (as a bulk job's look-ups are) go in shared statements. */
describe("look-up cache in the database", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers calls made together each with its own row, age limit and service", async () => {
    const cache = new DbLookupCache(t.database.db);
    const old = new Date("2026-11-01T00:00:00Z");
    const recent = new Date("2026-11-20T00:00:00Z");
    await Promise.all([
      cache.set("hlr", "+447400100001", hlr("+447400100001", "a"), recent),
      cache.set("hlr", "+447400100002", hlr("+447400100002", "a"), old),
      cache.set("mnp", "+447400100001", mnp("+447400100001"), recent),
    ]);
    const notBefore = new Date("2026-11-10T00:00:00Z");
    const [fresh, stale, staleButAllowed, missing, otherService] = await Promise.all([
      cache.get("hlr", "+447400100001", notBefore),
      cache.get("hlr", "+447400100002", notBefore),
      cache.get("hlr", "+447400100002", new Date(0)),
      cache.get("hlr", "+447400100003", new Date(0)),
      cache.get("mnp", "+447400100001", notBefore),
    ]);
    expect(fresh).toEqual({ value: hlr("+447400100001", "a"), storedAt: recent });
    expect(stale).toBeNull();
    expect(staleButAllowed?.storedAt).toEqual(old);
    expect(missing).toBeNull();
    expect(otherService?.value).toEqual(mnp("+447400100001"));
  });

  it("of two writes of one number made together, the later one stays", async () => {
    const cache = new DbLookupCache(t.database.db);
    const first = new Date("2026-11-21T00:00:00Z");
    const second = new Date("2026-11-21T00:00:01Z");
    await Promise.all([
      cache.set("hlr", "+447400100009", hlr("+447400100009", "first"), first),
      cache.set("hlr", "+447400100009", hlr("+447400100009", "second"), second),
    ]);
    const rows = await queryRows<{ provider: string }>(
      t.database.db,
      sql`select value->>'provider' as provider from lookup_cache where service = 'hlr' and e164 = '+447400100009'`,
    );
    expect(rows).toEqual([{ provider: "second" }]);
  });
});
