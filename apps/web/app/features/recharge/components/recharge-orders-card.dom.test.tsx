import type { CreatedRecharge, RechargeOrder } from "@nc/contracts/recharge";
import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { callsTo, confirmPopover, renderPage, stubApi, tenantWith } from "../../../../test/render";
import { captureSavedFiles } from "../../../../test/saved-files";
import { setScreen } from "../../../../test/screen";
import { BankTransferDetails } from "./bank-transfer-details";
import { RechargeOrdersCard } from "./recharge-orders-card";

const order = (
  id: string,
  status: RechargeOrder["status"],
  change: Partial<RechargeOrder> = {},
): RechargeOrder => ({
  id,
  method: "bank_transfer",
  amountMicros: "100000000",
  receivedMicros: null,
  currency: "USD",
  status,
  reference: `NC-${id}`,
  note: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  expiresAt: null,
  paidAt: null,
  ledgerEntryId: null,
  ...change,
});

const ORDERS = [
  order("1", "pending"),
  order("2", "paid", { receivedMicros: "99500000", method: "bank_transfer" }),
  order("3", "paid", { receivedMicros: "100000000", method: "stripe" }),
  order("4", "expired"),
  order("5", "paid", { method: "stripe", automatic: true }),
];

async function openOrders(permissions = ["recharge:*"], routes: Record<string, () => unknown> = {}) {
  const calls = stubApi({ "GET /api/tenant/recharge": () => ORDERS, ...routes });
  const page = await renderPage(<RechargeOrdersCard tenantId="t-1" />, {
    url: "/dashboard/account/recharge",
    root: { tenant: tenantWith(permissions) },
  });
  await screen.findByText("NC-1");
  return { ...page, calls };
}

const rowOf = (reference: string) => screen.getByText(reference).closest("tr") as HTMLElement;

// Wide unless a test says otherwise (test/screen.ts).
beforeEach(() => setScreen({ width: 1440 }));

describe("recharge orders", () => {
  it("shows each order's state, and what arrived when a transfer brought another sum", async () => {
    await openOrders();
    expect(within(rowOf("NC-1")).getByText("Pending")).toBeTruthy();
    expect(within(rowOf("NC-2")).getByTestId("recharge-received").textContent).toBe("Received $99.50");
    expect(within(rowOf("NC-3")).queryByTestId("recharge-received")).toBeNull();
    expect(within(rowOf("NC-3")).getByText("Card (Stripe)")).toBeTruthy();
    expect(within(rowOf("NC-4")).getByText("Expired")).toBeTruthy();
    expect(within(rowOf("NC-5")).getByText("Card (automatic top-up)")).toBeTruthy();
  });

  it("on a phone shows each order as a card: every field labelled on the screen, its actions inside", async () => {
    setScreen({ width: 390 });
    await openOrders();
    const card = screen.getByText("NC-2").closest("[data-testid=stacked-row]") as HTMLElement;
    expect(screen.getAllByTestId("stacked-row")).toHaveLength(ORDERS.length);
    // One header for the one column; nothing left to scroll sideways to.
    expect(screen.getAllByRole("columnheader")).toHaveLength(1);
    for (const label of ["Method", "Amount", "Status", "Reference"])
      expect(within(card).getByText(`${label}:`)).toBeTruthy();
    expect(within(card).getByTestId("recharge-received").textContent).toBe("Received $99.50");
    expect(within(card).getByRole("link", { name: "Receipt" })).toBeTruthy();
  });

  it("saves a paid order's receipt as PDF, asked in the page's language; none for unpaid orders", async () => {
    const { user } = await openOrders();
    const answered = globalThis.fetch;
    const pdfs: string[] = [];
    vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!url.includes("/receipt/pdf")) return answered(input, init);
      pdfs.push(`${new URL(url, "http://localhost").pathname} ${new Headers(init?.headers).get("x-locale")}`);
      return new Response("%PDF-1.3 receipt", {
        headers: {
          "content-type": "application/pdf",
          "content-disposition": 'attachment; filename="receipt-R-1.pdf"',
        },
      });
    });
    const saved = captureSavedFiles();
    expect(within(rowOf("NC-1")).queryByTestId("recharge-receipt-pdf")).toBeNull();
    expect(within(rowOf("NC-4")).queryByTestId("recharge-receipt-pdf")).toBeNull();
    await user.click(
      within(rowOf("NC-2")).getByRole("button", { name: "Download the receipt of NC-2 as PDF" }),
    );
    await vi.waitFor(() => expect(saved).toEqual([{ name: "receipt-R-1.pdf", text: "%PDF-1.3 receipt" }]));
    expect(pdfs).toEqual(["/api/tenant/recharge/s/2/receipt/pdf en"]);
    vi.restoreAllMocks();
  });

  it("offers receipts for paid orders and cancelling for pending ones only", async () => {
    await openOrders();
    expect(within(rowOf("NC-2")).getByRole("link", { name: "Receipt" }).getAttribute("href")).toBe(
      "/dashboard/account/receipt/2",
    );
    expect(within(rowOf("NC-1")).queryByRole("link", { name: "Receipt" })).toBeNull();
    expect(within(rowOf("NC-1")).getByRole("button", { name: "Cancel" })).toBeTruthy();
    expect(within(rowOf("NC-4")).queryByRole("button", { name: "Cancel" })).toBeNull();
  });

  it("cancels a pending order after the question", async () => {
    const { user, calls } = await openOrders(["recharge:*"], {
      "POST /api/tenant/recharge/s/1/cancel": () => order("1", "cancelled"),
    });
    await user.click(within(rowOf("NC-1")).getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText("Cancel this recharge order?")).toBeTruthy();
    await confirmPopover(user, "OK");
    expect(await screen.findByText("The order was cancelled.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/recharge/s/1/cancel")).toHaveLength(1);
  });

  it("a member who may only read sees no cancelling, and the list reloads on request", async () => {
    const { user, calls } = await openOrders(["recharge:read"]);
    expect(within(rowOf("NC-1")).queryByRole("button", { name: "Cancel" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    await vi.waitFor(() => expect(callsTo(calls, "GET /api/tenant/recharge")).toHaveLength(2));
  });
});

describe("bank transfer details", () => {
  const created = (bankDetails?: string): CreatedRecharge => ({
    orderId: "1",
    order: order("1", "pending", { amountMicros: "250000000", expiresAt: "2026-12-04T10:00:00.000Z" }),
    reference: "NC-1",
    bankDetails,
  });

  it("gives the reference, the amount, where to pay and until when", async () => {
    await renderPage(<BankTransferDetails created={created("IBAN DE00 1234\nBIC TESTDEFF")} />);
    expect(screen.getByTestId("bank-reference").textContent).toContain("NC-1");
    expect(screen.getByText("$250.00")).toBeTruthy();
    expect(screen.getByTestId("bank-details").textContent).toContain("IBAN DE00 1234");
    expect(screen.getByText(/^Send the transfer by .*; after that this order closes/)).toBeTruthy();
  });

  it("without published bank details offers a mail to support with the reference and amount", async () => {
    await renderPage(<BankTransferDetails created={created()} />);
    // Who to ask, and that asking is the way: not a dead end.
    expect(screen.getByTestId("bank-no-details").textContent).toMatch(
      /^Bank details are given on request: write to help@example\.com/,
    );
    const href = decodeURIComponent(screen.getByTestId("bank-support-mail").getAttribute("href") ?? "");
    expect(href).toMatch(/^mailto:help@example\.com\?/);
    expect(href).toContain("Reference: NC-1");
    expect(href).toContain("Amount: $250.00");
  });
});
