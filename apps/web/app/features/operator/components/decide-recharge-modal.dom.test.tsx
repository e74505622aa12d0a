import { ERRORS } from "@nc/contracts/errors";
import type { OperatorRechargeView } from "@nc/contracts/operator";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi } from "../../../../test/render";
import { DecideRechargeModal } from "./decide-recharge-modal";

const ORDER: OperatorRechargeView = {
  id: "5a1d3f0e-2b7c-4c1e-9a55-2f0d7c1e4a10",
  reference: "NC-AB12-CD34",
  method: "bank_transfer",
  status: "pending",
  amountMicros: "75500000",
  receivedMicros: null,
  currency: "USD",
  tenantId: "t-1",
  tenantName: "Cora Co",
  partnerId: "p-1",
  partnerName: "NumCheck",
  note: null,
  createdAt: "2026-11-01T00:00:00.000Z",
  paidAt: null,
};
const CONFIRM = `POST /api/operator/recharges/${ORDER.id}/confirm`;
const paid = (received: string | null) => ({
  order: { ...ORDER, status: "paid", receivedMicros: received ?? ORDER.amountMicros },
  credited: true,
});

async function open(decision: "confirm" | "reject") {
  const onClose = vi.fn();
  const page = await renderPage(<DecideRechargeModal order={ORDER} decision={decision} onClose={onClose} />);
  return { ...page, onClose };
}

describe("bank transfer decision", () => {
  it("confirms with the ordered amount when nothing else is typed", async () => {
    const calls = stubApi({ [CONFIRM]: () => paid(null) });
    const { user, onClose } = await open("confirm");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(calls, CONFIRM)[0]?.body).toEqual({});
    expect(await screen.findByText("Transfer confirmed; $75.50 credited.")).toBeTruthy();
  });

  it("sends what arrived and the note, and says what was credited", async () => {
    const calls = stubApi({ [CONFIRM]: () => paid("80000000") });
    const { user, onClose } = await open("confirm");
    await user.type(screen.getByLabelText("Amount received"), " 80 ");
    await user.type(screen.getByLabelText("Note"), "Statement of 12 March");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(calls, CONFIRM)[0]?.body).toEqual({ received: "80", note: "Statement of 12 March" });
    expect(await screen.findByText("Transfer confirmed; $80.00 credited.")).toBeTruthy();
  });

  it("shows the server's field error under the amount and stays open", async () => {
    stubApi({
      [CONFIRM]: () =>
        new Refusal(
          ERRORS.validation.code,
          "Check the fields.",
          {
            fields: [
              { field: "received", reason: "too_big", message: "That is more than a transfer can be." },
            ],
          },
          400,
        ),
    });
    const { user, onClose } = await open("confirm");
    const received = screen.getByLabelText("Amount received");
    await user.type(received, "999999999999");
    await user.click(screen.getByRole("button", { name: "Confirm" }));
    await expectFieldError(received, "That is more than a transfer can be.");
    expect(onClose).not.toHaveBeenCalled();
  });

  it("rejects with the note only", async () => {
    const reject = `POST /api/operator/recharges/${ORDER.id}/reject`;
    const calls = stubApi({ [reject]: () => ({ ...ORDER, status: "cancelled" }) });
    const { user, onClose } = await open("reject");
    expect(screen.queryByLabelText("Amount received")).toBeNull();
    await user.type(screen.getByLabelText("Note"), "No such payment");
    await user.click(screen.getByRole("button", { name: "Reject" }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(callsTo(calls, reject)[0]?.body).toEqual({ note: "No such payment" });
  });
});
