import { formatMoney } from "@nc/contracts/money";
import { describe, expect, it } from "vitest";
import { moneyParam } from "../core/money";
import { translate } from "./translate";

describe("translate", () => {
  it("writes a money parameter in the reader's language", () => {
    const missing = moneyParam(1_234_500_000n, "EUR");
    const en = translate("en", "errors:insufficientBalance", { missing });
    const es = translate("es", "errors:insufficientBalance", { missing });
    const zh = translate("zh-Hans", "errors:insufficientBalance", { missing });
    expect(en).toContain(formatMoney(1_234_500_000n, "EUR", "en"));
    expect(es).toContain(formatMoney(1_234_500_000n, "EUR", "es"));
    expect(zh).toContain(formatMoney(1_234_500_000n, "EUR", "zh-Hans"));
    // Not the English amount in the Spanish sentence (the grouping and decimal marks differ).
    expect(formatMoney(1_234_500_000n, "EUR", "es")).not.toBe(formatMoney(1_234_500_000n, "EUR", "en"));
    expect(es).not.toContain(formatMoney(1_234_500_000n, "EUR", "en"));
  });

  it("interpolates plain parameters and leaves missing ones empty", () => {
    expect(translate("en", "errors:rateLimited", { seconds: 7 })).toContain("7");
    expect(translate("en", "errors:insufficientBalance", {})).not.toContain("{{");
  });
});
