import { KIND_FIELDS } from "@nc/contracts/detection-single";
import type { Locale } from "@nc/contracts/locales";
import { lookupsOf, SERVICES } from "@nc/contracts/services";
import { describe, expect, it } from "vitest";
import { createI18n } from "../../shell/i18n/i18n";
import { messagesFor } from "../../shell/i18n/messages.server";
import { expandCatalogueTables } from "./catalogue-tables";

/** Expands a directive with the real catalogues of a language. */
function expand(markdown: string, locale: Locale): string {
  const { t } = createI18n(locale, messagesFor(locale));
  return expandCatalogueTables(markdown, locale, (key, params) => t(key, params));
}

const rowOf = (table: string, code: string) =>
  table.split("\n").find((line) => line.startsWith(`| \`${code}\` |`));

describe("the catalogue's tables in the documentation", () => {
  it("lists every service code, ending in the language's 'or'", () => {
    const english = expand("One of {{serviceCodes}}.", "en");
    for (const s of SERVICES) expect(english).toContain(`\`${s.code}\``);
    expect(english).toMatch(/, `sms_pumping_risk`,? or `caller_name`\.$/);
    expect(expand("{{serviceCodes}}", "zh-Hans")).toMatch(/`sms_pumping_risk`或`caller_name`$/);
    expect(expand("{{serviceCodes}}", "es")).toMatch(/`sms_pumping_risk` o `caller_name`$/);
  });

  it("writes a row per service with its translated name and description and the parts it fills", () => {
    for (const locale of ["en", "pt"] as const) {
      const table = expand("{{servicesTable}}", locale);
      const messages = messagesFor(locale).services as Record<string, { name: string; description: string }>;
      expect(table.split("\n")).toHaveLength(SERVICES.length + 2);
      for (const s of SERVICES) {
        const row = rowOf(table, s.code)!;
        expect(row, s.code).toContain(messages[s.code]!.name);
        for (const kind of lookupsOf(s)) expect(row).toContain(`\`${KIND_FIELDS[kind]}\``);
        expect(row.includes("`fraud`")).toBe(s.needs.fraud);
      }
    }
    expect(rowOf(expand("{{servicesTable}}", "en"), "basic")).toMatch(/\| no \| `basic` \|$/);
    expect(rowOf(expand("{{servicesTable}}", "en"), "fraud_shield_enhanced")).toMatch(
      /\| yes \| `basic`, `hlr`, `mnp`, and `fraud` \|$/,
    );
  });

  it("prices every service at its descriptor's standard prices, bands numbered in the language", () => {
    const table = expand("{{standardPrices}}", "en");
    expect(table.split("\n")[0]).toBe("| Service | From 0 numbers/month | From 100,000 | From 1,000,000 |");
    expect(rowOf(table, "hlr")).toBe("| `hlr` | 0.0080 | 0.0065 | 0.0050 |");
    for (const s of SERVICES)
      expect(rowOf(table, s.code)).toBe(
        `| \`${s.code}\` | ${s.standardPricesMicros.map((m) => (m / 1e6).toFixed(4)).join(" | ")} |`,
      );
    expect(expand("{{standardPrices}}", "zh-Hans").split("\n")[0]).toContain("1,000,000 个起");
  });

  it("writes the result table's row of each look-up kind with the services that fill it", () => {
    const rows = expand("{{resultKindRows}}", "en").split("\n");
    expect(rows).toHaveLength(Object.keys(KIND_FIELDS).length);
    expect(rows).toContain(
      "| `hlr` | object or null | Answer of the services `hlr` and `fraud_shield_enhanced`. |",
    );
    expect(rows).toContain("| `callerName` | object or null | Answer of the service `caller_name`. |");
  });

  it("writes each look-up kind's section from the kind's own words, in the page's language", () => {
    for (const locale of ["en", "zh-Hans"] as const) {
      const sections = expand("{{kindSections}}", locale);
      const words = messagesFor(locale).services as Record<string, { docs: string }>;
      for (const [kind, field] of Object.entries(KIND_FIELDS)) {
        expect(sections).toContain(`### \`${field}\`\n\n${words[kind]!.docs}`);
        expect(words[kind]!.docs.length).toBeGreaterThan(40);
      }
    }
    // The HLR answer's table comes whole: a section's text may hold a table.
    expect(expand("{{kindSections}}", "en")).toMatch(/### `hlr`\n\n\| Field \| Type \| Meaning \|\n\| --- /);
  });

  it("lists every part of a result and leaves other placeholders alone", () => {
    const parts = expand("{{resultParts}} for {{brand}}", "en");
    for (const field of ["basic", ...Object.values(KIND_FIELDS), "fraud", "charged", "sandbox"])
      expect(parts).toContain(`\`${field}\``);
    expect(parts).toMatch(/ for \{\{brand\}\}$/);
  });
});
