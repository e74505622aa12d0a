import { formatMoney } from "@nc/contracts/money";
import { describe, expect, it } from "vitest";
import { formattedMoneyScript, recordingFormattedMoney } from "./formatted-money.server";

const later = () => new Promise((resolve) => setImmediate(resolve));

describe("the amounts a page's rendering formatted", () => {
  it("records each amount formatted during the rendering, across its async steps, and none outside it", async () => {
    formatMoney(9_000_000n, "USD", "en");
    const { result, amounts } = await recordingFormattedMoney(async () => {
      formatMoney(1_000n, "USD", "en");
      await later();
      formatMoney(2_500_000n, "EUR", "es");
      return "page";
    });
    formatMoney(8_000_000n, "USD", "en");
    expect(result).toBe("page");
    expect(Object.fromEntries(amounts)).toEqual({ "en|USD|1000": "$0.001", "es|EUR|2500000": "2,50\u00a0€" });
  });

  it("keeps two pages rendered at the same time apart", async () => {
    const one = recordingFormattedMoney(async () => {
      await later();
      formatMoney(1_000_000n, "USD", "en");
    });
    const two = recordingFormattedMoney(async () => {
      formatMoney(2_000_000n, "USD", "en");
      await later();
    });
    expect([...(await one).amounts.keys()]).toEqual(["en|USD|1000000"]);
    expect([...(await two).amounts.keys()]).toEqual(["en|USD|2000000"]);
  });

  it("hands them to the browser in a script with the page's nonce, nothing that could close it, none when empty", () => {
    const script = formattedMoneyScript(new Map([["en|USD|1", "</script><b>"]]), "n0nce");
    expect(script.startsWith('<script nonce="n0nce">window.__ncMoney={')).toBe(true);
    const body = script.slice('<script nonce="n0nce">'.length, -"</script>".length);
    expect(body).not.toContain("<");
    expect(body).toContain("\\u003c/script>");
    expect(formattedMoneyScript(new Map(), "n0nce")).toBe("");
  });
});
