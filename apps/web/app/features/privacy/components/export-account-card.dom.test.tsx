import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../../test/render";
import { captureSavedFiles } from "../../../../test/saved-files";
import { ExportAccountCard } from "./export-account-card";

/**
 * The profile's "Your data" card: the person confirms it is them, the server's JSON file is saved
 * under its name; a wrong password is said in the dialog and nothing is saved.
 */
describe("downloading one's own data", () => {
  let requests: { path: string; method: string; body: unknown }[] = [];
  let answer: () => Response;
  let saved: { name: string; text: string }[] = [];

  beforeEach(() => {
    requests = [];
    vi.stubGlobal("fetch", async (input: Request | string, init?: RequestInit) => {
      const request = new Request(
        new URL(String(typeof input === "string" ? input : input.url), "http://localhost"),
        init,
      );
      requests.push({
        path: new URL(request.url).pathname,
        method: request.method,
        body: JSON.parse((await request.text()) || "null"),
      });
      return answer();
    });
    saved = captureSavedFiles();
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  async function confirmWith(password: string) {
    const { user } = await renderPage(<ExportAccountCard />, { url: "/dashboard/profile" });
    expect(screen.getByText(/the newest 5,000/)).toBeTruthy();
    await user.click(screen.getByTestId("export-account"));
    await user.type(await screen.findByTestId("export-account-dialog-password"), password);
    await user.click(document.getElementById("export-account-dialog-ok")!);
  }

  it("saves the JSON file the server sends, after the password", async () => {
    const file = JSON.stringify({ profile: { email: "a@example.com" } });
    answer = () =>
      new Response(file, {
        status: 200,
        headers: {
          "content-type": "application/json; charset=utf-8",
          "content-disposition": 'attachment; filename="my-data-2026-12-05.json"',
        },
      });
    await confirmWith("Blue-river-42");
    // The file is read back from its blob after the click: allow a busy machine more than 1 s.
    await vi.waitFor(() => expect(saved).toEqual([{ name: "my-data-2026-12-05.json", text: file }]), {
      timeout: 10_000,
    });
    // What the card sent (the page's frame may also ask who the operator is).
    expect(requests.filter((request) => request.path.startsWith("/api/tenant/"))).toEqual([
      { path: "/api/tenant/uc/export", method: "POST", body: { password: "Blue-river-42" } },
    ]);
    expect(await screen.findByText("Your data is downloading.")).toBeTruthy();
  });

  it("says a wrong password in the dialog and saves nothing", async () => {
    answer = () =>
      new Response(JSON.stringify({ code: 40012, msg: "The current password is incorrect.", data: null }), {
        status: 400,
        headers: { "content-type": "application/json" },
      });
    await confirmWith("Wrong-river-42");
    expect(await screen.findByText("The current password is incorrect.")).toBeTruthy();
    expect(screen.getByTestId("export-account-dialog")).toBeTruthy();
    expect(saved).toEqual([]);
    expect(HTMLAnchorElement.prototype.click).not.toHaveBeenCalled();
  });
});
