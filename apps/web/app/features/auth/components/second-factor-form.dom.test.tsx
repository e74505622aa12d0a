import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi } from "../../../../test/render";
import { SecondFactorForm } from "./second-factor-form";

const SESSION = {
  user: { id: "u1", email: "ana@example.com", name: "Ana", locale: "en" },
  expiresAt: "2026-12-06T00:00:00Z",
};

async function openForm(answer: (code: string) => unknown) {
  const calls = stubApi({
    "POST /api/tenant/pub/login/2fa": ({ body }) => answer((body as { code: string }).code),
  });
  const onSignedIn = vi.fn();
  const onBack = vi.fn();
  const page = await renderPage(<SecondFactorForm onSignedIn={onSignedIn} onBack={onBack} />, {
    url: "/login",
  });
  return {
    ...page,
    calls,
    onSignedIn,
    onBack,
    code: screen.getByLabelText("Code") as HTMLInputElement,
    remember: screen.getByLabelText("Remember this browser for 30 days") as HTMLInputElement,
    submit: screen.getByRole("button", { name: "Continue" }),
  };
}

describe("the sign-in's code step", () => {
  it("sends the code and the remember choice, then hands over the session", async () => {
    const { user, code, remember, submit, calls, onSignedIn } = await openForm(() => SESSION);
    expect(screen.getByRole("heading", { name: "Two-factor sign-in" })).toBeTruthy();
    await user.type(code, "123456");
    await user.click(remember);
    await user.click(submit);
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith(SESSION));
    expect(callsTo(calls, "POST /api/tenant/pub/login/2fa")[0]?.body).toEqual({
      code: "123456",
      remember: true,
    });
  });

  it("takes a recovery code as typed, and refuses what is neither before asking", async () => {
    const { user, code, submit, calls, onSignedIn } = await openForm(() => SESSION);
    await user.type(code, "12345");
    await user.click(submit);
    await expectFieldError(code, "Enter the 6-digit code from your authenticator app, or a recovery code.");
    expect(calls).toEqual([]);
    await user.clear(code);
    await user.type(code, "ABCD-EFGH-IJKL-MNOP");
    await user.click(submit);
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(callsTo(calls, "POST /api/tenant/pub/login/2fa")[0]?.body).toEqual({
      code: "ABCD-EFGH-IJKL-MNOP",
      remember: false,
    });
  });

  it("shows a wrong code under the field and keeps the step", async () => {
    const { user, code, submit, onSignedIn, onBack } = await openForm(
      () =>
        new Refusal(
          ERRORS.twoFactorCodeInvalid.code,
          "The code is wrong, was already used, or has expired.",
          null,
          400,
        ),
    );
    await user.type(code, "000000");
    await user.click(submit);
    await expectFieldError(code, "The code is wrong, was already used, or has expired.");
    expect(onSignedIn).not.toHaveBeenCalled();
    expect(onBack).not.toHaveBeenCalled();
  });

  it("goes back to the password when the pending sign-in has expired, saying so", async () => {
    const { user, code, submit, onBack } = await openForm(
      () => new Refusal(ERRORS.twoFactorPendingInvalid.code, "This sign-in has expired.", null, 400),
    );
    await user.type(code, "000000");
    await user.click(submit);
    await vi.waitFor(() => expect(onBack).toHaveBeenCalled());
    expect(await screen.findByText("This sign-in has expired.")).toBeTruthy();
  });
});
