import { describe, expect, it } from "vitest";
import en from "../../i18n/locales/en/recharge.json";
import { receivedIfDifferent, subtitleKey, supportMailto } from "./labels";

const text = (key: string) =>
  key
    .replace("recharge:", "")
    .split(".")
    .reduce<unknown>((node, k) => (node as Record<string, unknown>)[k], en);

describe("recharge page words", () => {
  it("promises only the methods that are configured", () => {
    expect(text(subtitleKey(["bank_transfer"]))).not.toMatch(/card/i);
    expect(text(subtitleKey(["bank_transfer"]))).toMatch(/bank transfer/);
    expect(text(subtitleKey(["stripe"]))).not.toMatch(/transfer/i);
    expect(text(subtitleKey(["stripe", "bank_transfer"]))).toMatch(/card or bank transfer/);
    expect(text(subtitleKey([]))).not.toMatch(/card|transfer/i);
    expect(subtitleKey(undefined)).toBe("recharge:subtitle.generic");
  });

  it("writes the support e-mail with what support needs to answer", () => {
    const link = supportMailto("help@example.com", "Bank details for RC-123", [
      "Organisation: Ledger & Co",
      "Amount: $100.00",
    ]);
    expect(link.startsWith("mailto:help@example.com?subject=Bank%20details%20for%20RC-123&body=")).toBe(true);
    const body = decodeURIComponent(new URL(link).searchParams.get("body") ?? "");
    expect(body).toBe("Organisation: Ledger & Co\r\nAmount: $100.00\r\n");
  });

  it("names the received amount only when it differs from the order", () => {
    expect(receivedIfDifferent({ amountMicros: "75500000", receivedMicros: "74200000" })).toBe("74200000");
    expect(receivedIfDifferent({ amountMicros: "75500000", receivedMicros: "75500000" })).toBeNull();
    expect(receivedIfDifferent({ amountMicros: "75500000", receivedMicros: null })).toBeNull();
  });
});
