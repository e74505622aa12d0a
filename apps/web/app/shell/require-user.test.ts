import type { PageContext } from "@nc/contracts/site";
import { describe, expect, it } from "vitest";
import { requireUser } from "./require-user.server";

/** What a page that needs a signed-in user answers a visitor without a session (a crawler, too). */
function answerTo(path: string, page: Partial<PageContext> = {}): Response {
  try {
    requireUser(new Request(`https://x.test${path}`), page);
  } catch (thrown) {
    return thrown as Response;
  }
  throw new Error("no answer thrown");
}

describe("pages that need a signed-in user", () => {
  it("send a visitor without a session to sign-in with the way back, marked not to be indexed", () => {
    for (const [path, login] of [
      ["/dashboard/detection", "/login?redirect=%2Fdashboard%2Fdetection"],
      ["/es/dashboard/history?page=2", "/es/login?redirect=%2Fes%2Fdashboard%2Fhistory%3Fpage%3D2"],
    ] as const) {
      const answer = answerTo(path);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(login);
      expect(answer.headers.get("X-Robots-Tag")).toBe("noindex");
    }
  });

  it("let a signed-in person through", () => {
    const user = { id: "u-1" } as PageContext["user"];
    expect(requireUser(new Request("https://x.test/dashboard"), { user })).toBe(user);
  });
});
