import { describe, expect, it } from "vitest";
import type { PartnerRow } from "../../core/request-context";
import { pickPartner, siteInfo } from "./partner-service";

function partner(fields: Partial<PartnerRow> & Pick<PartnerRow, "id">): PartnerRow {
  return {
    name: fields.id,
    logo: "",
    darkLogo: "",
    email: "",
    domain: null,
    subDomain: null,
    isDefault: false,
    currency: "USD",
    primaryColor: "",
    staffTenantId: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
    ...fields,
  };
}

const main = partner({ id: "main", name: "NumberCheck", isDefault: true });
const acme = partner({ id: "acme", domain: "check.acme.com", subDomain: "acme" });
const globex = partner({ id: "globex", subDomain: "globex" });
const initech = partner({ id: "initech", domain: "initech.io" });
// A subdomain label that is also the first label of acme's own domain.
const check = partner({ id: "check", subDomain: "check" });
const rows = [main, acme, globex, initech, check];

const pick = (host: string, from = rows) => pickPartner(from, host)?.id;

describe("pickPartner", () => {
  it("picks by exact domain", () => {
    expect(pick("initech.io")).toBe("initech");
    expect(pick("check.acme.com")).toBe("acme");
  });

  it("lets the exact domain beat a subdomain label", () => {
    // "check" is the label of check.acme.com and the sub-domain of another partner.
    expect(pick("check.acme.com")).toBe("acme");
    expect(pick("check.acme.com", [main, check, acme])).toBe("acme");
    expect(pick("check.numbercheck.app")).toBe("check");
  });

  it("picks by the first label of the host", () => {
    expect(pick("globex.numbercheck.app")).toBe("globex");
    expect(pick("acme.numbercheck.app")).toBe("acme");
    expect(pick("acme.localhost:3000")).toBe("acme");
  });

  it("matches the sub-domain only as the whole first label", () => {
    expect(pick("globex2.numbercheck.app")).toBe("main");
    expect(pick("x.globex.numbercheck.app")).toBe("main");
    expect(pick("www.initech.io")).toBe("main");
  });

  it("does not take a host without a dot as a sub-domain", () => {
    expect(pick("globex")).toBe("main");
    expect(pick("globex:3000")).toBe("main");
  });

  it("strips the port", () => {
    expect(pick("initech.io:8443")).toBe("initech");
    expect(pick("globex.numbercheck.app:3000")).toBe("globex");
    expect(pick("localhost:3000")).toBe("main");
  });

  it("is case-insensitive on both sides", () => {
    expect(pick("INITECH.IO")).toBe("initech");
    expect(pick("Check.Acme.Com:443")).toBe("acme");
    expect(pick("GLOBEX.numbercheck.app")).toBe("globex");
    const shouting = partner({ id: "shouting", domain: "Shout.EXAMPLE", subDomain: "Loud" });
    expect(pick("shout.example", [main, shouting])).toBe("shouting");
    expect(pick("loud.example.org", [main, shouting])).toBe("shouting");
  });

  it("ignores surrounding spaces and handles IPv6 literals", () => {
    expect(pick("  initech.io  ")).toBe("initech");
    expect(pick("[::1]:3000")).toBe("main");
    expect(pick("[2001:db8::1]")).toBe("main");
  });

  it("falls back to the default partner", () => {
    expect(pick("unknown.example.com")).toBe("main");
    expect(pick("")).toBe("main");
    expect(pick("127.0.0.1:3000")).toBe("main");
  });

  it("never matches partners with empty domain or sub-domain", () => {
    const blank = partner({ id: "blank", domain: "", subDomain: "" });
    expect(pick("", [blank, main])).toBe("main");
    expect(pick(".example.com", [blank, main])).toBe("main");
  });

  it("answers undefined without a default and without a match", () => {
    expect(pick("nobody.example.com", [acme, globex])).toBeUndefined();
    expect(pick("initech.io", [])).toBeUndefined();
  });
});

describe("siteInfo", () => {
  const defaults = { name: "NumberCheck", email: "support@example.com" };

  it("copies the partner's fields", () => {
    const full = partner({
      id: "full",
      name: "Acme Check",
      logo: "https://acme.com/logo.svg",
      darkLogo: "https://acme.com/logo-dark.svg",
      email: "help@acme.com",
      domain: "check.acme.com",
      subDomain: "acme",
      primaryColor: "#aa3300",
    });
    expect(siteInfo(full, defaults)).toEqual({
      name: "Acme Check",
      logo: "https://acme.com/logo.svg",
      darkLogo: "https://acme.com/logo-dark.svg",
      email: "help@acme.com",
      domain: "check.acme.com",
      subDomain: "acme",
      primaryColor: "#aa3300",
    });
  });

  it("falls back to the defaults for an empty name and e-mail, and to empty strings elsewhere", () => {
    const empty = partner({ id: "empty", name: "", email: "", domain: null, subDomain: null });
    expect(siteInfo(empty, defaults)).toEqual({
      name: "NumberCheck",
      logo: "",
      darkLogo: "",
      email: "support@example.com",
      domain: "",
      subDomain: "",
      primaryColor: "",
    });
  });

  it("uses the defaults without a partner", () => {
    expect(siteInfo(undefined, defaults)).toEqual({
      name: "NumberCheck",
      logo: "",
      darkLogo: "",
      email: "support@example.com",
      domain: "",
      subDomain: "",
      primaryColor: "",
    });
  });
});
