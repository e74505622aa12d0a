import { describe, expect, it } from "vitest";
import { siteAddresses } from "./site-addresses";

describe("a partner site's addresses", () => {
  it("a sub-domain is a label on PUBLIC_URL's host, not on the console's own", () => {
    expect(siteAddresses({ domain: "", subDomain: "acme" }, "https://numbercheck.example")).toEqual([
      { host: "acme.numbercheck.example", href: "https://acme.numbercheck.example" },
    ]);
  });

  it("the partner's own domain comes first, with PUBLIC_URL's scheme and port", () => {
    expect(siteAddresses({ domain: "checks.acme.com", subDomain: "acme" }, "http://localhost:3000")).toEqual([
      { host: "checks.acme.com", href: "http://checks.acme.com:3000" },
      { host: "acme.localhost", href: "http://acme.localhost:3000" },
    ]);
  });

  it("no sub-domain, no domain: no address", () => {
    expect(siteAddresses({ domain: "", subDomain: "" }, "https://numbercheck.example")).toEqual([]);
  });

  it("an IP address has no sub-domains: the label is shown with nothing to open", () => {
    expect(siteAddresses({ domain: "", subDomain: "acme" }, "http://127.0.0.1:3000")).toEqual([
      { host: "acme.127.0.0.1", href: null },
    ]);
  });
});
