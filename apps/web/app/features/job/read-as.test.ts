import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en/detection.json";
import pt from "../../i18n/locales/pt/detection.json";
import { createI18n } from "../../shell/i18n/i18n";
import { readAsText } from "./read-as";

const english = createI18n("en", { detection: en });

describe("detection copy", () => {
  it("says how a file was read without repeating the format", () => {
    const t = english.t;
    expect(readAsText(t, "crm.xlsx", { format: "xlsx", encoding: "xlsx" })).toBe(
      "crm.xlsx: read as an Excel workbook (XLSX).",
    );
    expect(readAsText(t, "crm.csv", { format: "csv", encoding: "utf-8" })).toBe(
      "crm.csv: read as CSV, UTF-8.",
    );
  });

  it("writes the count of a pasted list the reader's way", () => {
    expect(english.t("detection:list.count", { count: 3000 })).toBe("3,000 numbers entered");
    expect(english.t("detection:list.count", { count: 1 })).toBe("1 number entered");
    expect(createI18n("pt", { detection: pt }).t("detection:list.count", { count: 3000 })).toBe(
      "3.000 números informados",
    );
  });
});
