import { LOCALES } from "@nc/contracts/locales";
import { lookupsOf, SERVICES } from "@nc/contracts/services";
import { describe, expect, it } from "vitest";
import { translate } from "../../i18n/translate";
import { resultColumns } from "./job-export";

/**
 * The results file's columns follow the service's descriptor (docs/architecture.md, "Adding a
 * service"): what every check has, each look-up kind's columns, the fraud score's, the cost.
 */
const keys = (service: (typeof SERVICES)[number]["code"]) => resultColumns(service).map((c) => c.key);

describe("a service's results file columns", () => {
  it("the line type service adds its own three columns and none of HLR's, MNP's or fraud's", () => {
    const columns = keys("line_type");
    expect(columns).toEqual(expect.arrayContaining(["liveLineType", "lineTypeCarrier", "lineTypeSource"]));
    expect(columns).not.toContain("connectivity");
    expect(columns).not.toContain("portingStatus");
    expect(columns).not.toContain("riskScore");
    expect(columns.at(-1)).toBe("cost");
  });

  it("a service without that look-up has none of its columns", () => {
    for (const service of SERVICES.filter((s) => !lookupsOf(s).includes("line_type")))
      expect(keys(service.code)).not.toContain("liveLineType");
  });

  it.each(LOCALES)("every column of every service has a header in %s, none twice in a file", (locale) => {
    for (const service of SERVICES) {
      const headers = resultColumns(service.code).map((c) => translate(locale, c.header));
      for (const header of headers) expect(header).not.toMatch(/^(exports|services):/);
      expect(new Set(headers).size).toBe(headers.length);
    }
  });
});
