import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage, stubApi, tenantWith } from "../../../../test/render";
import { captureSavedFiles } from "../../../../test/saved-files";
import { StatementsCard } from "./statements-card";

afterEach(() => vi.restoreAllMocks());

describe("monthly statements", () => {
  it("lists the months newest first and saves a month's PDF, asked in the page's language", async () => {
    stubApi({ "GET /api/tenant/account/statements": () => ({ months: ["2026-11", "2026-10"] }) });
    const answered = globalThis.fetch;
    const pdfs: Request[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = new Request(
        new URL(String(input instanceof Request ? input.url : input), "http://localhost"),
        init,
      );
      if (!request.url.endsWith("/pdf")) return answered(input, init);
      pdfs.push(request);
      return new Response("%PDF-1.3 statement", {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": 'attachment; filename="statement-2026-11.pdf"',
        },
      });
    });
    const saved = captureSavedFiles();
    const { user } = await renderPage(<StatementsCard tenantId="t-1" />, {
      url: "/dashboard/account",
      root: { tenant: tenantWith(["account:read", "account_stmt:read"]) },
    });
    const rows = await screen.findAllByTestId("statement-row");
    expect(rows.map((row) => row.textContent)).toEqual(["November 2026PDF", "October 2026PDF"]);
    await user.click(
      within(rows[0]!).getByRole("button", { name: "Download the statement of November 2026 as PDF" }),
    );
    await vi.waitFor(() =>
      expect(saved).toEqual([{ name: "statement-2026-11.pdf", text: "%PDF-1.3 statement" }]),
    );
    expect(new URL(pdfs[0]!.url).pathname).toBe("/api/tenant/account/statements/2026-11/pdf");
    expect(pdfs[0]!.headers.get("x-tenant-id")).toBe("t-1");
    expect(pdfs[0]!.headers.get("x-locale")).toBe("en");
  });

  it("says when there is no statement yet", async () => {
    stubApi({ "GET /api/tenant/account/statements": () => ({ months: [] }) });
    await renderPage(<StatementsCard tenantId="t-1" />, { url: "/dashboard/account" });
    expect(await screen.findByText(/No statement yet/)).toBeTruthy();
  });
});
