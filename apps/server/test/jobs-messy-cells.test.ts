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

  /** Uploads a CSV whose second column holds the numbers, checks its draft, submits it and reads its items. */
  async function runFile(f: Awaited<ReturnType<typeof fundedTenant>>, csv: string, expected: Partial<Draft>) {
    const uploaded = await t.app.inject({
      method: "POST",
      url: "/api/tenant/job/upload?service=basic&fileName=contacts.csv&column=1&header=true",
      payload: Buffer.from(csv, "utf8"),
      headers: { "content-type": "application/octet-stream", "x-tenant-id": f.tenantId },
      cookies: { sid: f.owner.sid },
    });
    const draft = expectOk<{ job: Draft }>(uploaded).job;
    expect(draft).toMatchObject(expected);
    const api = inTenant(t, f.owner, f.tenantId);
    expect(
      expectOk<{ status: string }>(await api("POST", `/api/tenant/job/s/${draft.id}/submit`)).status,
    ).toBe("completed");
    return expectOk<{ items: Item[] }>(await api("GET", `/api/tenant/job/s/${draft.id}/items`)).items;
  }

  it("recovers the one number of a cell, refuses two, and charges only what was checked", async () => {
    const f = await fundedTenant(t, 1_000_000n);
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
    // Row 8 is row 2's number written cleanly: the recovered number is the same number.
    const items = await runFile(f, csv, { total: 9, duplicates: 1, invalid: 3, chargeable: 5 });
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

  it("reads a number in another script or as a spreadsheet exported it, and refuses rounded digits", async () => {
    const f = await fundedTenant(t, 1_000_000n);
    const csv = [
      "ref,contact",
      '1,"=""+44 7911 123470"""',
      "2,+٤٤ ٧٩١١ ١٢٣٤٧١",
      "3,447911123472.0",
      "4,{+44 7911 123473}",
      "5,+44 7911 123474*",
      "6,4.4207946e+11",
      '7,"=""+44 7911 123475 / +44 7911 123476"""',
      "",
    ].join("\r\n");
    const items = await runFile(f, csv, { total: 7, duplicates: 0, invalid: 2, chargeable: 5 });
    const steps = (item: Item) =>
      (item.result as { basic?: { normalisation: { steps?: string[] } } } | null)?.basic?.normalisation
        .steps ?? null;
    expect(items.map((i) => [i.input, i.status, i.e164, i.rejectReason, steps(i)])).toEqual([
      ['="+44 7911 123470"', "done", "+447911123470", null, ["spreadsheet_formula", "international_plus"]],
      ["+٤٤ ٧٩١١ ١٢٣٤٧١", "done", "+447911123471", null, ["local_digits", "international_plus"]],
      ["447911123472.0", "done", "+447911123472", null, ["spreadsheet_decimal", "restored_plus"]],
      ["{+44 7911 123473}", "done", "+447911123473", null, ["brackets_removed", "international_plus"]],
      ["+44 7911 123474*", "done", "+447911123474", null, ["symbol_removed", "international_plus"]],
      ["4.4207946e+11", "rejected", null, "invalid:precision_lost", null],
      ['="+44 7911 123475 / +44 7911 123476"', "rejected", null, "invalid:multiple_numbers", null],
    ]);
    expect((await f.billing.verify(f.tenantId)).balanceMicros).toBe(1_000_000n - 5n * PRICE);
  });
});
