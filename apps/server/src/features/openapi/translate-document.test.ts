import { describe, expect, it } from "vitest";
import { translateDocument, translateText } from "./translate-document";

const catalog = {
  "Present for {{services}}.": "Presente para {{services}}.",
  "Present for {{services}} and a United States number.":
    "Presente para {{services}} y un número de Estados Unidos.",
  "Scope: {{scopes}}.": "Alcance: {{scopes}}.",
  "The number looked up.": "El número consultado.",
};

describe("the API document's texts in a language", () => {
  it("a sentence with placeholders keeps their values, a list of codes joined in the language's way", () => {
    expect(translateText("Present for `hlr` and `fraud_shield_enhanced`.", catalog, "es")).toBe(
      "Presente para `hlr` y `fraud_shield_enhanced`.",
    );
    expect(translateText("Present for `a`, `b` and `c`.", catalog, "es")).toBe(
      "Presente para `a`, `b` y `c`.",
    );
    expect(
      translateText(
        "Present for `a` and `b`.",
        { "Present for {{services}}.": "用于 {{services}}。" },
        "zh-Hans",
      ),
    ).toBe("用于 `a`和`b`。");
    expect(translateText("Scope: `check`.", catalog, "es")).toBe("Alcance: `check`.");
  });

  it("the most specific sentence wins, and a placeholder never spans two sentences", () => {
    expect(translateText("Present for `caller_name` and a United States number.", catalog, "es")).toBe(
      "Presente para `caller_name` y un número de Estados Unidos.",
    );
    const missing = new Set<string>();
    expect(translateText("Present for `hlr`. The number looked up.", catalog, "es", missing)).toBe(
      "Presente para `hlr`. El número consultado.",
    );
    expect([...missing]).toEqual([]);
  });

  it("a look-up kind's words come from the services catalogue", () => {
    const document = {
      components: {
        schemas: { SimSwapResult: { description: "Whether, and when, the number's SIM card last changed." } },
      },
    };
    const missing = new Set<string>();
    const es = translateDocument(document, "es", missing);
    expect(es.components.schemas.SimSwapResult.description).not.toBe(
      document.components.schemas.SimSwapResult.description,
    );
    expect([...missing]).toEqual([]);
  });
});
