import { describe, expect, it } from "vitest";
import { webhookCreateBody, webhookUrlIssue } from "./webhooks";

describe("webhookUrlIssue", () => {
  it("accepts absolute http(s) addresses", () => {
    for (const url of [
      "https://example.com/hooks",
      "http://203.0.113.7:8080/x?y=1",
      "https://[2001:db8::1]/",
    ])
      expect(webhookUrlIssue(url), url).toBeNull();
  });

  it("says what is wrong with the others", () => {
    expect(webhookUrlIssue("example.com/hooks")).toBe("not_url");
    expect(webhookUrlIssue("/hooks")).toBe("not_url");
    expect(webhookUrlIssue("ftp://example.com/x")).toBe("scheme");
    expect(webhookUrlIssue("javascript:alert(1)")).toBe("scheme");
    expect(webhookUrlIssue("https://user:pass@example.com/x")).toBe("credentials");
    expect(webhookUrlIssue("https://token@example.com/x")).toBe("credentials");
  });

  it("is the rule of the create schema", () => {
    expect(
      webhookCreateBody.safeParse({ url: " https://example.com/h ", events: ["job.completed"] }),
    ).toMatchObject({
      success: true,
      data: { url: "https://example.com/h" },
    });
    const refused = webhookCreateBody.safeParse({ url: "ftp://example.com", events: ["job.completed"] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]).toMatchObject({ path: ["url"], message: "invalid_format" });
  });
});
