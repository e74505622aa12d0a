import type { RechargeOptions } from "@nc/contracts/recharge";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, Refusal, renderPage, stubApi } from "../../../../test/render";
import { RechargeFormCard } from "./recharge-form-card";

const OPTIONS: RechargeOptions = {
  methods: ["stripe", "bank_transfer"],
  currency: "USD",
  minMicros: "10000000",
  maxMicros: "5000000000",
  presets: ["50", "100", "500"],
  bankDetails: "IBAN DE00 0000",
  bankTransferDays: 3,
};

async function openForm(options: Partial<RechargeOptions> = {}, create: () => unknown = () => ({})) {
  const calls = stubApi({
    "GET /api/tenant/recharge/options": () => ({ ...OPTIONS, ...options }),
    "POST /api/tenant/recharge": create,
  });
  const onBankTransfer = vi.fn();
  const page = await renderPage(<RechargeFormCard tenantId="t-1" onBankTransfer={onBankTransfer} />, {
    url: "/dashboard/recharge",
  });
  // The options have loaded once the skeleton is gone.
  await vi.waitFor(() => expect(document.querySelector(".ant-skeleton")).toBeNull());
  return { ...page, calls, onBankTransfer };
}

const submitButton = () => screen.getByTestId("recharge-submit") as HTMLButtonElement;

describe("recharge form", () => {
  it("starts on the second preset with card payment and names the sum on the button", async () => {
    await openForm();
    expect((screen.getByRole("radio", { name: "$100.00" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Card (Stripe)" }) as HTMLInputElement).checked).toBe(true);
    expect(submitButton().textContent).toBe("Pay by card · $100.00");
    expect(screen.getByText("From $10.00 to $5,000.00")).toBeTruthy();
  });

  it("keeps the button off for an amount outside the limits or with more than two decimals", async () => {
    const { user } = await openForm();
    await user.click(screen.getByRole("radio", { name: "Other amount" }));
    const amount = screen.getByRole("textbox", { name: "Other amount" });
    await user.type(amount, "9.99");
    expect(submitButton().disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, "5000.01");
    expect(submitButton().disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, "12.345");
    expect(screen.getByText("Enter an amount with at most two decimals.")).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    await user.clear(amount);
    await user.type(amount, "250.5");
    expect(submitButton().disabled).toBe(false);
    expect(submitButton().textContent).toBe("Pay by card · $250.50");
  });

  it("asks for a bank transfer with the chosen amount and hands the order on", async () => {
    const created = { orderId: "o-1", reference: "NC-42", bankDetails: "IBAN DE00 0000" };
    const { user, calls, onBankTransfer } = await openForm({}, () => created);
    await user.click(screen.getByRole("radio", { name: "$500.00" }));
    await user.click(screen.getByRole("radio", { name: "Bank transfer" }));
    // The days are how long the order waits for the transfer, not how long a transfer takes.
    expect(screen.getByText(/The order waits 3 days for your transfer, then closes/)).toBeTruthy();
    expect(screen.queryByText(/within 3 days/)).toBeNull();
    await user.click(screen.getByRole("button", { name: "Get transfer details · $500.00" }));
    await vi.waitFor(() => expect(onBankTransfer).toHaveBeenCalledWith(created));
    expect(callsTo(calls, "POST /api/tenant/recharge")[0]?.body).toEqual({
      method: "bank_transfer",
      amount: "500",
    });
  });

  it("shows the server's refusal and lets the person try again", async () => {
    const { user, onBankTransfer } = await openForm(
      { methods: ["bank_transfer"] },
      () => new Refusal(40028, "Bank transfers are paused."),
    );
    await user.click(submitButton());
    expect(await screen.findByText("Bank transfers are paused.")).toBeTruthy();
    expect(onBankTransfer).not.toHaveBeenCalled();
    expect(submitButton().disabled).toBe(false);
  });

  it("without any payment method offers a mail to support naming the organisation", async () => {
    await openForm({ methods: [] });
    expect(
      screen.getByText("Card payments and bank transfers are not set up on this site yet."),
    ).toBeTruthy();
    const mail = screen.getByRole("link", { name: /E-mail support/ });
    const href = decodeURIComponent(mail.getAttribute("href") ?? "");
    expect(href).toMatch(/^mailto:help@example\.com\?/);
    expect(href).toContain("Organisation: Acme (t-1)");
    expect(screen.queryByTestId("recharge-submit")).toBeNull();
  });
});
