import { ERRORS } from "@nc/contracts/errors";
import type { OperatorCustomerView } from "@nc/contracts/operator";
import { screen, within } from "@testing-library/react";
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
const CONFIRM = "Apply this correction?";
type Sent = { kind: string; amount: string; reason: string; idempotencyKey: string };

async function openForm() {
  const page = await renderPage(<AdjustBalanceForm customer={CUSTOMER} />, { url: "/operator/customers/x" });
  const amount = screen.getByLabelText("Amount");
  const reason = screen.getByLabelText("Reason");
  const apply = screen.getByRole("button", { name: "Apply" });
  /** Applies the form and answers the confirmation it opens (antd keeps closed dialogs in the page here). */
  const confirmation = async () => {
    const before = screen.queryAllByRole("dialog", { name: CONFIRM }).length;
    await page.user.click(apply);
    return vi.waitFor(() => {
      const dialogs = screen.getAllByRole("dialog", { name: CONFIRM });
      expect(dialogs.length).toBe(before + 1);
      return dialogs.at(-1)!;
    });
  };
  const submit = async () =>
    page.user.click(within(await confirmation()).getByRole("button", { name: "Apply" }));
  return { ...page, amount, reason, apply, confirmation, submit };
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
    await submit();
    await screen.findByText("Try again in a moment.");
    // The first try's answer was lost: the second try is the same correction, with the same key.
    await submit();
    expect((await screen.findByTestId("adjust-result")).textContent).toContain("New balance: $85.00");

    // The form is emptied for the next correction (antd mounts its fields again).
    expect((screen.getByLabelText("Amount") as HTMLInputElement).value).toBe("");
    await user.type(screen.getByLabelText("Amount"), "1");
    await user.type(screen.getByLabelText("Reason"), "Second correction");
    await submit();
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

  it("repeats the organisation, amount and reason before sending, and sends nothing when cancelled", async () => {
    const calls = stubApi({
      [ROUTE]: () => ({ entryId: "e-1", balanceMicros: "67500000", currency: "USD", replayed: false }),
    });
    const { user, amount, reason, confirmation, submit } = await openForm();
    await user.click(screen.getByText("Subtract"));
    await user.type(amount, "12.5");
    await user.type(reason, "Chargeback of order 7");
    const dialog = await confirmation();
    const shown = within(dialog).getByTestId("adjust-confirm").textContent;
    for (const part of ["Cora Co", "Subtract", "$12.50", "Chargeback of order 7"])
      expect(shown).toContain(part);
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(calls).toEqual([]);
    expect((amount as HTMLInputElement).value).toBe("12.5");

    await submit();
    await vi.waitFor(() => expect(callsTo(calls, ROUTE)).toHaveLength(1));
    expect(callsTo(calls, ROUTE)[0]?.body).toMatchObject({ kind: "sub", amount: "12.5" });
  });

  it("shows examples, not values, in its empty fields", async () => {
    stubApi({});
    const { amount, reason } = await openForm();
    expect((amount as HTMLInputElement).placeholder).toBe("e.g. 25.00");
    expect((reason as HTMLTextAreaElement).placeholder).toMatch(/^e\.g\. /);
    expect(screen.getByTestId("adjust-form").classList.contains("nc-examples")).toBe(true);
  });

  it("says when the server had already done the correction", async () => {
    stubApi({
      [ROUTE]: () => ({ entryId: "e-1", balanceMicros: "85000000", currency: "USD", replayed: true }),
    });
    const { user, amount, reason, submit } = await openForm();
    await user.type(amount, "5");
    await user.type(reason, "Goodwill");
    await submit();
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
    await submit();
    await expectFieldError(amount, "The balance cannot go below zero.");
    expect((amount as HTMLInputElement).value).toBe("500");
    expect((reason as HTMLTextAreaElement).value).toBe("Chargeback");
  });

  it("checks amount and reason as the server does before sending", async () => {
    const calls = stubApi({});
    const { user, amount, reason, apply } = await openForm();
    await user.type(amount, "0");
    await user.type(reason, "ok");
    await user.click(apply);
    await expectFieldError(amount, "Enter an amount above zero with at most six decimals.");
    // Nothing to confirm either: the dialog comes only after the checks pass.
    expect(screen.queryByRole("dialog", { name: CONFIRM })).toBeNull();
    expect(calls).toEqual([]);
  });
});
