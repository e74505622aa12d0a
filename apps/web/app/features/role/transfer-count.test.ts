import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en/tenant.json";
import es from "../../i18n/locales/es/tenant.json";
import { createI18n } from "../../shell/i18n/i18n";
import { transferCount } from "./transfer-count";

describe("permission picker counts", () => {
  it("counts in words that agree with the number, in the page's language", () => {
    const count = transferCount(createI18n("en", { tenant: en }).t);
    expect(count({ selectedCount: 0, totalCount: 0 })).toBe("0 permissions");
    expect(count({ selectedCount: 0, totalCount: 1 })).toBe("1 permission");
    expect(count({ selectedCount: 2, totalCount: 1200 })).toBe("2 of 1,200 permissions selected");
    expect(transferCount(createI18n("es", { tenant: es }).t)({ selectedCount: 0, totalCount: 3 })).toBe(
      "3 permisos",
    );
  });
});
