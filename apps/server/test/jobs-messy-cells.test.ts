/**
 * A bulk job from a file with the messy cells customers' files hold (docs/architecture.md,
 * "Normalisation"): one number in a cell is recovered and checked, two numbers in a cell are
 * refused with their own reason and not charged, and digits a spreadsheet lost stay refused.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectOk } from "./helpers/accounts";
import { fundedTenant } from "./helpers/billing";
import { inTenant } from "./helpers/tenancy";
import { createTestApp, type TestApp } from "./helpers/test-app";

/** Default standard price of the basic check (band 0), in micros. */
const PRICE = 1_000n;

interface Draft {
  id: string;
  total: number;
  chargeable: number;
  duplicates: number;
  invalid: number;
}
interface Item {
  input: string;
  e164: string | null;
  status: string;
  rejectReason: string | null;
  result: unknown;
}

describe("bulk jobs with messy cells", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ UPLOAD_MAX_BYTES: "200000" });
  });
  afterAll(() => t.close());

  it("recovers the one number of a cell, refuses two, and charges only what was checked", async () => {
    const f = await fundedTenant(t, 1_000_000n);
    const api = inTenant(t, f.owner, f.tenantId);
    // A comma-separated file whose "contact" column went through other tools first.
    const csv = [
      "ref,contact",
      "1,+8613800138000;",
      '2,"""+44 7911 123456"""',
      "3,Mobile: +44 7911 123457 (work)",
      "4,+1-800-FLOWERS",
      "5,+52 1 55 1234 5678",
      "6,+44 7911 123458 / +44 7911 123459",
      '7,"+44 7911 123460; +44 7911 123461"',
      "8,+44 7911 123456",
      "9,4.47911E+11",
      "",
    ].join("\r\n");
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/tenant/job/upload?service=basic&fileName=contacts.csv&column=1&header=true",
      payload: csv,
      headers: { "content-type": "application/octet-stream", "x-tenant-id": f.tenantId },
      cookies: { sid: f.owner.sid },
    });
    const draft = expectOk<{ job: Draft }>(uploaded).job;
    // Row 8 is row 2's number written cleanly: the recovered number is the same number.
    expect(draft).toMatchObject({ total: 9, duplicates: 1, invalid: 3, chargeable: 5 });

    expect(
      expectOk<{ status: string }>(await api("POST", `/api/tenant/job/s/${draft.id}/submit`)).status,
    ).toBe("completed");
    const items = expectOk<{ items: Item[] }>(await api("GET", `/api/tenant/job/s/${draft.id}/items`)).items;
    expect(items.map((i) => [i.input, i.status, i.e164, i.rejectReason])).toEqual([
      ["+8613800138000;", "done", "+8613800138000", null],
      ['"+44 7911 123456"', "done", "+447911123456", null],
      ["Mobile: +44 7911 123457 (work)", "done", "+447911123457", null],
      ["+1-800-FLOWERS", "done", "+18003569377", null],
      ["+52 1 55 1234 5678", "done", "+525512345678", null],
      ["+44 7911 123458 / +44 7911 123459", "rejected", null, "invalid:multiple_numbers"],
      ["+44 7911 123460; +44 7911 123461", "rejected", null, "invalid:multiple_numbers"],
      ["+44 7911 123456", "rejected", "+447911123456", "duplicate"],
      ["4.47911E+11", "rejected", null, "invalid:precision_lost"],
    ]);
    // The result says how each cell was read.
    const steps = (input: string) =>
      (items.find((i) => i.input === input)!.result as { basic: { normalisation: { steps?: string[] } } })
        .basic.normalisation.steps;
    expect(steps("+8613800138000;")).toEqual(["separator_removed", "international_plus"]);
    expect(steps('"+44 7911 123456"')).toEqual(["quotes_removed", "international_plus"]);
    expect(steps("Mobile: +44 7911 123457 (work)")).toEqual(["label_removed", "international_plus"]);
    expect(steps("+1-800-FLOWERS")).toEqual(["vanity_letters", "international_plus"]);
    expect(steps("+52 1 55 1234 5678")).toEqual(["international_plus", "mexico_mobile_prefix"]);
    expect((await f.billing.verify(f.tenantId)).balanceMicros).toBe(1_000_000n - 5n * PRICE);
  });
});
