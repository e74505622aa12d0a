import { LOCALES } from "@nc/contracts/locales";
import { INVALID_REASONS } from "@nc/contracts/public-api";
import { describe, expect, it } from "vitest";
import { reasonText } from "./job-export";

const rejected = (reason: string) => ({ status: "rejected", reject_reason: reason });

describe("the reason column of a job's files", () => {
  it("says why a row was not checked, in the file's language", () => {
    expect(reasonText("en", rejected("duplicate"))).toBe("Duplicate of an earlier row");
    expect(reasonText("es", rejected("duplicate"))).toBe("Duplicado de una fila anterior");
    expect(reasonText("pt", rejected("invalid:too_short"))).toBe("Curto demais.");
    expect(reasonText("zh-Hans", rejected("invalid:not_eligible"))).toBe("不适用于该服务");
    expect(reasonText("en", { status: "failed", reject_reason: null })).toMatch(
      /^The check could not be completed; the number was not charged\./,
    );
    expect(reasonText("es", { status: "failed", reject_reason: null })).toMatch(/^No se pudo completar/);
  });

  it("has a text in every language for every reason a row can be rejected or fail with", () => {
    const codes = [
      "duplicate",
      "cancelled",
      "invalid:invalid",
      "invalid:not_eligible",
      ...INVALID_REASONS.map((r) => `invalid:${r}`),
    ];
    for (const locale of LOCALES) {
      for (const code of codes) {
        const said = reasonText(locale, rejected(code));
        expect(said, `${locale} ${code}`).not.toBe(code);
        if (locale !== "en") expect(said, `${locale} ${code}`).not.toBe(reasonText("en", rejected(code)));
      }
      expect(reasonText(locale, { status: "failed", reject_reason: null })).not.toBe("failed");
    }
  });

  it("leaves a checked row's reason empty and keeps a reason it does not know as its code", () => {
    expect(reasonText("en", { status: "done", reject_reason: null })).toBe("");
    expect(reasonText("pt", rejected("invalid:some_new_reason"))).toBe("invalid:some_new_reason");
  });
});
