import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  checkNavigation,
  EXTERNAL_NOT_ALLOWED,
  isExternalUrl,
  PROTOCOL_NOT_ALLOWED,
  safeReturnPath,
  signedInReturnPath,
} from "./safe-navigation";

describe("checkNavigation", () => {
  it("uses the spec's exact messages", () => {
    expect(EXTERNAL_NOT_ALLOWED).toBe("Navigating to an external URL is not allowed by default");
    expect(PROTOCOL_NOT_ALLOWED).toBe("Cannot navigate to a URL with that protocol");
  });

  it.each(["/dashboard", "/dashboard/profile?tab=1#top", "profile", "./x", "../y", "?q=1", "#section", ""])(
    "allows the site path %j",
    (target) => {
      expect(checkNavigation(target)).toBe(target);
    },
  );

  it.each([
    "https://evil.com",
    "http://example.com/x",
    "HTTPS://EVIL.COM",
    "mailto:support@example.com",
    "//evil.com",
    "\\\\evil.com",
    "/\\evil.com",
    "  //evil.com",
  ])("refuses the external URL %j without opt-in", (target) => {
    expect(() => checkNavigation(target)).toThrowError(new Error(EXTERNAL_NOT_ALLOWED));
    expect(() => checkNavigation(target, {})).toThrow(EXTERNAL_NOT_ALLOWED);
    expect(() => checkNavigation(target, { external: false })).toThrow(EXTERNAL_NOT_ALLOWED);
  });

  it("allows external URLs with { external: true }", () => {
    expect(checkNavigation("https://example.com/docs", { external: true })).toBe("https://example.com/docs");
    expect(checkNavigation("mailto:support@example.com", { external: true })).toBe(
      "mailto:support@example.com",
    );
    expect(checkNavigation("//cdn.example.com/x", { external: true })).toBe("//cdn.example.com/x");
  });

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "JAVASCRIPT:alert(1)",
    " javascript:alert(1)",
    "vbscript:msgbox(1)",
    "VBScript:msgbox(1)",
    "data:text/html,<script>alert(1)</script>",
    "DATA:text/html;base64,PHNjcmlwdD4=",
    // Browsers drop tabs and newlines anywhere and control characters in front of a URL.
    "java\tscript:alert(1)",
    "java\nscript:alert(1)",
    "jav\r\nascript:alert(1)",
    "\u0001javascript:alert(1)",
    "\u0000javascript:alert(1)",
  ])("refuses the protocol of %j, even with opt-in", (target) => {
    expect(() => checkNavigation(target)).toThrowError(new Error(PROTOCOL_NOT_ALLOWED));
    expect(() => checkNavigation(target, { external: true })).toThrowError(new Error(PROTOCOL_NOT_ALLOWED));
  });

  it.each(["/\t/evil.com", "/\n/evil.com", "\u0000//evil.com", "\t\\\\evil.com"])(
    "refuses %j, which browsers read as another host",
    (target) => {
      expect(() => checkNavigation(target)).toThrowError(new Error(EXTERNAL_NOT_ALLOWED));
    },
  );

  it("never lets a target through that the URL parser resolves to another origin or a script", () => {
    const piece = fc.constantFrom(
      "/",
      "\\",
      "\t",
      "\n",
      " ",
      "\u0000",
      ":",
      ".",
      "evil.com",
      "javascript",
      "java",
      "script",
      "data",
      "x",
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 8 }).map((p) => p.join("")),
        (target) => {
          let followed: string;
          try {
            followed = checkNavigation(target);
          } catch {
            return;
          }
          let url: URL;
          try {
            url = new URL(followed, "https://site.test/a/b");
          } catch {
            return;
          }
          expect(url.origin, JSON.stringify(target)).toBe("https://site.test");
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("isExternalUrl tells site paths from other origins", () => {
    expect(isExternalUrl("/dashboard")).toBe(false);
    expect(isExternalUrl("https://x.test")).toBe(true);
    expect(isExternalUrl("//x.test")).toBe(true);
  });
});

describe("safeReturnPath", () => {
  it("falls back to /dashboard, or the given fallback, without a value", () => {
    expect(safeReturnPath(null)).toBe("/dashboard");
    expect(safeReturnPath(undefined)).toBe("/dashboard");
    expect(safeReturnPath("")).toBe("/dashboard");
    expect(safeReturnPath(null, "/es/dashboard")).toBe("/es/dashboard");
  });

  it.each([
    "/dashboard",
    "/dashboard/profile",
    "/zh-Hans/dashboard/profile",
    "/dashboard?tab=security",
    "/dashboard/profile?tab=1&x=2#email",
    "/search?q=a%20b",
    "/",
  ])("keeps the site path %j", (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it("keeps an encoded site path, decoded once", () => {
    expect(safeReturnPath("%2Fdashboard%2Fprofile%3Ftab%3D1%23top")).toBe("/dashboard/profile?tab=1#top");
  });

  it.each([
    "//evil.com",
    "/\\evil.com",
    "\\\\evil.com",
    "https://evil.com",
    "http://evil.com/dashboard",
    "%2F%2Fevil.com",
    "/%5Cevil.com",
    "%2F%5Cevil.com",
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    "data:text/html,x",
    "evil.com",
    "dashboard",
    " /dashboard",
    "/\t/evil.com",
    "/\n/evil.com",
    "/%09/evil.com",
    "/dash%00board",
    "%E0%A4%A",
    // Dot segments that the URL parser collapses into "//evil.com".
    "/.//evil.com",
    "/..//evil.com",
    "/a/..//evil.com",
    "/%2e//evil.com",
    "/%2E%2E//evil.com",
    "/./\\evil.com",
  ])("refuses %j", (raw) => {
    expect(safeReturnPath(raw)).toBe("/dashboard");
  });

  /** Characters that attacks on return paths are made of. */
  const attack = fc
    .array(
      fc.constantFrom(
        "/",
        "\\",
        ".",
        "%2F",
        "%5C",
        "%2e",
        "%",
        ":",
        "@",
        "?",
        "#",
        "\t",
        " ",
        "evil.com",
        "a",
        "https",
      ),
      { maxLength: 8 },
    )
    .map((p) => p.join(""));

  const leavesSite = (result: string) => {
    expect(result.startsWith("/"), result).toBe(true);
    expect(result.startsWith("//"), result).toBe(false);
    expect(result.startsWith("/\\"), result).toBe(false);
    expect(new URL(result, "https://site.test/").origin, result).toBe("https://site.test");
  };

  it("never returns something that leaves the site (arbitrary strings)", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.webPath()), (raw) => leavesSite(safeReturnPath(raw))),
    );
  });

  it("never returns something that leaves the site (attack-shaped strings)", () => {
    fc.assert(
      fc.property(attack, (raw) => leavesSite(safeReturnPath(raw))),
      { numRuns: 5000 },
    );
  });

  it("is stable: a returned path passes again unchanged when it holds no escapes", () => {
    fc.assert(
      fc.property(fc.webPath(), (path) => {
        const once = safeReturnPath(path);
        if (!once.includes("%")) expect(safeReturnPath(once)).toBe(once);
      }),
    );
  });
});

describe("signedInReturnPath", () => {
  it.each([
    ["https://a.test/zh-Hans/login", "/zh-Hans/dashboard"],
    ["https://a.test/zh-Hans/login?redirect=%2Fdashboard%2Fprofile", "/zh-Hans/dashboard/profile"],
    ["https://a.test/es/login?redirect=%2Fpt%2Fdashboard", "/pt/dashboard"],
    ["https://a.test/login", "/dashboard"],
    ["https://a.test/login?redirect=%2Fdashboard%2Fjobs", "/dashboard/jobs"],
    ["https://a.test/zh-Hans/login?redirect=https%3A%2F%2Fevil.test", "/zh-Hans/dashboard"],
  ])("sends the signed-in visitor of %s to %s", (url, expected) => {
    expect(signedInReturnPath(url)).toBe(expected);
  });
});
