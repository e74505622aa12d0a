import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  callsTo,
  errorOf,
  expectFieldError,
  profileOf,
  Refusal,
  renderPage,
  stubApi,
} from "../../../../test/render";
import { PasswordCard } from "./password-card";

const PROFILE = profileOf();

async function openCard(answer: () => unknown) {
  const calls = stubApi({ "POST /api/tenant/uc/change/password": answer });
  const page = await renderPage(<PasswordCard profile={PROFILE} />, { url: "/dashboard/profile" });
  return {
    ...page,
    calls,
    current: screen.getByLabelText("Current password") as HTMLInputElement,
    next: screen.getByLabelText("New password") as HTMLInputElement,
    confirm: screen.getByLabelText("Repeat the password") as HTMLInputElement,
    submit: screen.getByRole("button", { name: "Change password" }),
  };
}

const ticks = () =>
  Object.fromEntries(
    [...screen.getByRole("list", { name: "Password requirements" }).querySelectorAll("[data-rule]")].map(
      (li) => [li.getAttribute("data-rule"), li.getAttribute("data-ok")],
    ),
  );

describe("password change", () => {
  it("ticks no requirement while the new password is empty, and those a typed one meets", async () => {
    const { user, next } = await openCard(() => ({ changed: true }));
    expect(ticks()).toEqual({
      length: "false",
      letterAndDigit: "false",
      notEmail: "false",
      notCommon: "false",
    });
    await user.type(next, "password123");
    expect(ticks()).toEqual({ length: "true", letterAndDigit: "true", notEmail: "true", notCommon: "false" });
    await user.clear(next);
    expect(ticks().notCommon).toBe("false");
  });

  it("checks the new password against the account's own e-mail", async () => {
    const { user, current, next, confirm, submit, calls } = await openCard(() => ({ changed: true }));
    await user.type(current, "old-river-2030");
    await user.type(next, "marta-2031-x");
    await user.type(confirm, "marta-2031-x");
    await user.click(submit);
    await expectFieldError(next, "The password does not meet the requirements.");
    expect(
      screen
        .getByRole("list", { name: "Password requirements" })
        .querySelector('[data-rule="notEmail"]')
        ?.getAttribute("data-ok"),
    ).toBe("false");
    expect(calls).toEqual([]);
  });

  it("sends the current and the new password, then empties the form and says other sessions ended", async () => {
    const { user, current, next, confirm, submit, calls } = await openCard(() => ({ changed: true }));
    await user.type(current, "old-river-2030");
    await user.type(next, "blue-river-2031");
    await user.type(confirm, "blue-river-2031");
    await user.click(submit);
    expect(await screen.findByText("Password changed. Your other sessions were signed out.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/change/password")[0]?.body).toEqual({
      password: "old-river-2030",
      newPassword: "blue-river-2031",
    });
    const values = () =>
      ["Current password", "New password", "Repeat the password"].map(
        (label) => (screen.getByLabelText(label) as HTMLInputElement).value,
      );
    await vi.waitFor(() => expect(values()).toEqual(["", "", ""]));
  });

  it("shows a wrong current password under that field and keeps the new one typed", async () => {
    const { user, current, next, confirm, submit } = await openCard(
      () => new Refusal(ERRORS.passwordWrong.code, "The current password is wrong.", null, 400),
    );
    await user.type(current, "not-my-pass-1");
    await user.type(next, "blue-river-2031");
    await user.type(confirm, "blue-river-2031");
    await user.click(submit);
    await expectFieldError(current, "The current password is wrong.");
    expect(errorOf(next)).toBe("");
    expect([current.value, next.value, confirm.value]).toEqual([
      "not-my-pass-1",
      "blue-river-2031",
      "blue-river-2031",
    ]);
  });
});
