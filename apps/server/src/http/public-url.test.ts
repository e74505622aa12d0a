import { describe, expect, it } from "vitest";
import { siteUrl } from "./public-url";

describe("siteUrl: a brand's own origin for links made without a request", () => {
  it("is the partner's domain with PUBLIC_URL's scheme and port", () => {
    expect(siteUrl("https://checks.example:8443", "Acme.Example")).toBe("https://acme.example:8443");
    expect(siteUrl("http://localhost:3000/", "checks.acme.test")).toBe("http://checks.acme.test:3000");
  });

  it("is PUBLIC_URL for a partner without a domain, or with one that is not a host name", () => {
    expect(siteUrl("https://checks.example", null)).toBe("https://checks.example");
    expect(siteUrl("https://checks.example", undefined)).toBe("https://checks.example");
    expect(siteUrl("https://checks.example", "evil.example/path")).toBe("https://checks.example");
    expect(siteUrl("https://checks.example", "a b")).toBe("https://checks.example");
  });
});
