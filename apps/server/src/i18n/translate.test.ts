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

  it("writes counts the reader's way and keeps codes as they are", () => {
    const params = { job: "j-1", checked: 3000, failed: 1, cancelled: 0, duplicates: 1, invalid: 12_500 };
    expect(translate("en", "ledger:jobCompleted", params)).toBe(
      "job j-1 completed: checked 3,000; not charged: failed 1, cancelled 0, duplicates 1, invalid 12,500",
    );
    expect(translate("es", "ledger:jobCompleted", params)).toContain("verificados 3000;");
    expect(translate("es", "ledger:jobCompleted", params)).toContain("no válidos 12.500");
    expect(
      translate("pt", "ledger:jobReserved", { total: 3000, chargeable: 2999, duplicates: 1, invalid: 0 }),
    ).toBe("números: 3.000; a verificar: 2.999; sem cobrança: duplicados 1, inválidos 0");
    expect(translate("en", "emails:registerCode.subject", { code: "012345", brand: "NC" })).toContain(
      "012345",
    );
  });

  it("interpolates plain parameters and leaves missing ones empty", () => {
    expect(translate("en", "errors:rateLimited", { seconds: 7 })).toContain("7");
    expect(translate("en", "errors:insufficientBalance", {})).not.toContain("{{");
  });
});
