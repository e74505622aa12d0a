import { ERRORS } from "@nc/contracts/errors";
import type { OperatorCustomerView } from "@nc/contracts/operator";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi } from "../../../../test/render";
import { AdjustBalanceForm } from "./adjust-balance-form";

const CUSTOMER: OperatorCustomerView = {
  id: "0b7c4c1e-6f1a-4c1e-9a55-2f0d7c1e4a10",
  name: "Cora Co",
  status: "active",
  partnerId: "p-1",
  partnerName: "NumCheck",
  ownerEmail: "cora@example.com",
  balanceMicros: "80000000",
  currency: "USD",
  monthSpend: { totalMicros: "0", byService: [] },
  members: 1,
  lastActivityAt: null,
  createdAt: "2026-11-01T00:00:00.000Z",
};
const ROUTE = `POST /api/operator/customers/${CUSTOMER.id}/balance`;
type Sent = { kind: string; amount: string; reason: string; idempotencyKey: string };

async function openForm() {
  const page = await renderPage(<AdjustBalanceForm customer={CUSTOMER} />, { url: "/operator/customers/x" });
  const amount = screen.getByLabelText("Amount");
  const reason = screen.getByLabelText("Reason");
  const submit = screen.getByRole("button", { name: "Apply" });
  return { ...page, amount, reason, submit };
}

describe("balance correction form", () => {
  it("sends one key for every try of one correction, and a new key for the next correction", async () => {
    let answers = 0;
    const calls = stubApi({
      [ROUTE]: () =>
        ++answers === 1
          ? new Refusal(ERRORS.unavailable.code, "Try again in a moment.", null, 503)
          : { entryId: `e-${answers}`, balanceMicros: "85000000", currency: "USD", replayed: false },
    });
    const { user, amount, reason, submit } = await openForm();
    await user.type(amount, "5");
    await user.type(reason, "Goodwill for the outage");
    await user.click(submit);
    await screen.findByText("Try again in a moment.");
    // The first try's answer was lost: the second try is the same correction, with the same key.
    await user.click(submit);
    expect((await screen.findByTestId("adjust-result")).textContent).toContain("New balance: $85.00");

    // The form is emptied for the next correction (antd mounts its fields again).
    expect((screen.getByLabelText("Amount") as HTMLInputElement).value).toBe("");
    await user.type(screen.getByLabelText("Amount"), "1");
    await user.type(screen.getByLabelText("Reason"), "Second correction");
    await user.click(submit);
    await vi.waitFor(() => expect(callsTo(calls, ROUTE)).toHaveLength(3));

    const [first, retry, next] = callsTo(calls, ROUTE).map((c) => c.body as Sent);
    expect(first).toEqual({
      kind: "add",
      amount: "5",
      reason: "Goodwill for the outage",
      idempotencyKey: first!.idempotencyKey,
    });
    expect(retry!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(next!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect(next!.reason).toBe("Second correction");
  });

  it("says when the server had already done the correction", async () => {
    stubApi({
      [ROUTE]: () => ({ entryId: "e-1", balanceMicros: "85000000", currency: "USD", replayed: true }),
    });
    const { user, amount, reason, submit } = await openForm();
    await user.type(amount, "5");
    await user.type(reason, "Goodwill");
    await user.click(submit);
    expect((await screen.findByTestId("adjust-result")).textContent).toContain("not applied again");
  });

  it("shows the server's field errors under their fields, keeping what was typed", async () => {
    stubApi({
      [ROUTE]: () =>
        new Refusal(
          ERRORS.validation.code,
          "Check the fields.",
          {
            fields: [
              {
                field: "amount",
                reason: "insufficient_balance",
                message: "The balance cannot go below zero.",
              },
            ],
          },
          400,
        ),
    });
    const { user, amount, reason, submit } = await openForm();
    await user.click(screen.getByText("Subtract"));
    await user.type(amount, "500");
    await user.type(reason, "Chargeback");
    await user.click(submit);
    await expectFieldError(amount, "The balance cannot go below zero.");
    expect((amount as HTMLInputElement).value).toBe("500");
    expect((reason as HTMLTextAreaElement).value).toBe("Chargeback");
  });

  it("checks amount and reason as the server does before sending", async () => {
    const calls = stubApi({});
    const { user, amount, reason, submit } = await openForm();
    await user.type(amount, "0");
    await user.type(reason, "ok");
    await user.click(submit);
    await expectFieldError(amount, "Enter an amount above zero with at most six decimals.");
    expect(calls).toEqual([]);
  });
});
