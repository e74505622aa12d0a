import { describe, expect, it } from "vitest";
import { robotsTxt } from "./robots-txt";

/** Whether robots.txt's rules let a crawler fetch a path (longest matching rule wins, as Google reads it). */
function allowed(txt: string, path: string): boolean {
  const rules = txt
    .split("\n")
    .map((line) => /^(Allow|Disallow): (.+)$/.exec(line))
    .filter((match) => match !== null)
    .filter((match) => path.startsWith(match[2]!))
    .sort((a, b) => b[2]!.length - a[2]!.length);
  return rules[0]?.[1] !== "Disallow";
}

describe("robots.txt", () => {
  const txt = robotsTxt("https://checks.acme.test");

  it("lets crawlers read the public pages in every language", () => {
    for (const path of [
      "/",
      "/login",
      "/register",
      "/forget-password",
      "/zh-Hans/login",
      "/es",
      "/pt/register",
    ]) {
      expect(allowed(txt, path), path).toBe(true);
    }
    for (const path of ["/docs/quick-start", "/es/docs/api/check", "/policies/privacy"]) {
      expect(allowed(txt, path), path).toBe(true);
    }
  });

  it("lets them reach dashboard addresses, which answer a visitor without a session with a noindex redirect", () => {
    for (const path of [
      "/dashboard",
      "/dashboard/detection",
      "/zh-Hans/dashboard/history",
      "/pt/dashboard",
    ]) {
      expect(allowed(txt, path), path).toBe(true);
    }
  });

  it("keeps them out of the API and invitation links, in every language", () => {
    for (const path of [
      "/api/tenant/pub/site",
      "/api/v1/check",
      "/accept-invite?token=x",
      "/es/invite-register",
    ]) {
      expect(allowed(txt, path), path).toBe(false);
    }
  });

  it("points to the sitemap on the host it was asked on", () => {
    expect(txt.startsWith("User-agent: *\n")).toBe(true);
    expect(txt).toContain("\nSitemap: https://checks.acme.test/sitemap.xml\n");
  });
});
