import type { RechargeReceipt } from "@nc/contracts/recharge";
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderPage, stubApi } from "../../../test/render";
import { captureSavedFiles } from "../../../test/saved-files";
import ReceiptPage from "./receipt";

afterEach(() => vi.restoreAllMocks());

const RECEIPT: RechargeReceipt = {
  order: {
    id: "o-1",
    method: "bank_transfer",
    amountMicros: "100000000",
    receivedMicros: "100000000",
    currency: "USD",
    status: "paid",
    reference: "NC-7K3P-9QX2",
    note: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    expiresAt: null,
    paidAt: "2026-11-21T10:00:00.000Z",
    ledgerEntryId: null,
  },
  tenant: { id: "t-1", name: "Globex" },
  brand: { name: "Acme Numbers", logo: "", darkLogo: "", email: "billing@acme.test" },
  balanceAfterMicros: "100000000",
};

describe("receipt page", () => {
  it("saves the receipt as PDF beside printing it", async () => {
    stubApi({ "GET /api/tenant/recharge/s/o-1/receipt": () => RECEIPT });
    const answered = globalThis.fetch;
    const asked: string[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.endsWith("/receipt/pdf")) return answered(input, init);
      asked.push(new URL(url, "http://localhost").pathname);
      return new Response("%PDF-1.3", {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": 'attachment; filename="receipt-R-1.pdf"',
        },
      });
    });
    const saved = captureSavedFiles();
    const { user } = await renderPage(<ReceiptPage />, {
      url: "/dashboard/account/receipt/o-1",
      pattern: "/dashboard/account/receipt/:id",
    });
    await screen.findByTestId("receipt");
    expect(screen.getByTestId("receipt-print")).toBeTruthy();
    await user.click(screen.getByTestId("receipt-pdf"));
    expect(screen.getByTestId("receipt-pdf").textContent).toBe("Download PDF");
    await vi.waitFor(() => expect(saved).toEqual([{ name: "receipt-R-1.pdf", text: "%PDF-1.3" }]));
    expect(asked).toEqual(["/api/tenant/recharge/s/o-1/receipt/pdf"]);
  });
});
