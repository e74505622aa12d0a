import { localizePath } from "@nc/contracts/locales";
import { describe, expect, it } from "vitest";
import { localNoticeTarget, parseNoticeContent } from "./notice-markdown";

describe("notice markdown-lite", () => {
  it("turns [text](target) into links and keeps the rest as text", () => {
    expect(parseNoticeContent("Ana joined. See [Members](/dashboard/tenant?tab=members) now.")).toEqual([
      { kind: "text", text: "Ana joined. See " },
      { kind: "link", text: "Members", target: "/dashboard/tenant?tab=members" },
      { kind: "text", text: " now." },
    ]);
  });

  it("keeps escaped brackets as text, so a name cannot forge a link", () => {
    expect(parseNoticeContent("\\[click\\]\\(javascript:alert\\(1\\)\\) left")).toEqual([
      { kind: "text", text: "[click](javascript:alert(1)) left" },
    ]);
    expect(parseNoticeContent("[a \\] b](/x)")).toEqual([{ kind: "link", text: "a ] b", target: "/x" }]);
  });

  it("leaves unfinished or malformed links as text", () => {
    for (const s of ["[open", "[open](", "[open](/x", "[a] (/x)", "[a](/x y)", "[a\nb](/x)"]) {
      const segments = parseNoticeContent(s);
      expect(
        segments.some((x) => x.kind === "link"),
        s,
      ).toBe(false);
      expect(segments.map((x) => (x.kind === "text" ? x.text : "\n")).join("")).toBe(s);
    }
  });

  it("never treats HTML as markup", () => {
    expect(parseNoticeContent("<img src=x onerror=alert(1)>")).toEqual([
      { kind: "text", text: "<img src=x onerror=alert(1)>" },
    ]);
  });

  it("keeps line breaks", () => {
    expect(parseNoticeContent("one\r\ntwo")).toEqual([
      { kind: "text", text: "one" },
      { kind: "break" },
      { kind: "text", text: "two" },
    ]);
  });
});

describe("notice link targets", () => {
  const es = (p: string) => localizePath(p, "es");
  const en = (p: string) => localizePath(p, "en");

  it("prefixes local paths with the reader's language", () => {
    expect(localNoticeTarget("/dashboard/tenant?tab=members", es)).toBe("/es/dashboard/tenant?tab=members");
    expect(localNoticeTarget("/dashboard/profile", en)).toBe("/dashboard/profile");
    expect(localNoticeTarget("/dashboard", es)).toBe("/es/dashboard");
  });

  it("does not prefix twice", () => {
    expect(localNoticeTarget("/pt/dashboard/tenant", es)).toBe("/es/dashboard/tenant");
  });

  it.each([
    "https://evil.example/dashboard",
    "//evil.example/x",
    "/\\evil.example",
    "/.//evil.example",
    "javascript:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,hi",
    "mailto:a@b.c",
    "dashboard/relative",
    "",
  ])("refuses %j", (target) => {
    expect(localNoticeTarget(target, es)).toBeNull();
  });
});
