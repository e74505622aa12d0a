import { describe, expect, it } from "vitest";
import { TAX_ID_MAX, TAX_ID_RULES, taxIdFault } from "./billing-details";

describe("tax number formats by country", () => {
  it("accepts each country's own example, as a person would type it", () => {
    for (const [country, rule] of Object.entries(TAX_ID_RULES))
      expect([country, taxIdFault(country, rule.example)]).toEqual([country, null]);
  });

  it("accepts EU VAT numbers with or without their prefix, any case, spaced", () => {
    expect(taxIdFault("DE", "de 123 456 789")).toBeNull();
    expect(taxIdFault("DE", "123456789")).toBeNull();
    expect(taxIdFault("GR", "EL123456789")).toBeNull();
    expect(taxIdFault("NL", "NL123456789B01")).toBeNull();
  });

  it("names the example to follow when the shape is wrong", () => {
    expect(taxIdFault("DE", "DE12345678")).toEqual({
      reason: "tax_id_format",
      params: { example: "DE123456789" },
    });
    expect(taxIdFault("FR", "FR123")).toMatchObject({ reason: "tax_id_format" });
    expect(taxIdFault("US", "12-345678")).toMatchObject({ reason: "tax_id_format" });
    expect(taxIdFault("MX", "1234")).toMatchObject({ reason: "tax_id_format" });
  });

  it("checks Brazil's CPF and CNPJ check digits", () => {
    expect(taxIdFault("BR", "11.222.333/0001-81")).toBeNull();
    expect(taxIdFault("BR", "11.222.333/0001-82")).toEqual({ reason: "tax_id_check_digit", params: {} });
    expect(taxIdFault("BR", "529.982.247-25")).toBeNull();
    expect(taxIdFault("BR", "529.982.247-24")).toMatchObject({ reason: "tax_id_check_digit" });
    expect(taxIdFault("BR", "111.111.111-11")).toMatchObject({ reason: "tax_id_check_digit" });
  });

  it("checks China's unified social credit code", () => {
    expect(taxIdFault("CN", "91350100M000100Y43")).toBeNull();
    expect(taxIdFault("CN", "91350100M000100Y44")).toMatchObject({ reason: "tax_id_check_digit" });
  });

  it("checks the letter of a Spanish DNI and NIE", () => {
    expect(taxIdFault("ES", "12345678Z")).toBeNull();
    expect(taxIdFault("ES", "ES12345678Z")).toBeNull();
    expect(taxIdFault("ES", "12345678A")).toMatchObject({ reason: "tax_id_check_digit" });
    expect(taxIdFault("ES", "X1234567L")).toBeNull();
  });

  it("takes free text for a country without a rule, up to a length", () => {
    expect(taxIdFault("ZA", "anything 123")).toBeNull();
    expect(taxIdFault("ZA", "x".repeat(TAX_ID_MAX + 1))).toEqual({
      reason: "too_long",
      params: { max: TAX_ID_MAX },
    });
  });
});
