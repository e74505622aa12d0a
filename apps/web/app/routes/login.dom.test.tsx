import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi } from "../../test/render";
import LoginPage from "./login";

const signIn = async () => {
  const page = await renderPage(<LoginPage />, { url: "/login?redirect=%2Fdashboard%2Fhistory" });
  const email = screen.getByLabelText("E-mail");
  const password = screen.getByLabelText("Password");
  const submit = screen.getByRole("button", { name: "Sign in" });
  return { ...page, email, password, submit };
};

describe("sign-in form", () => {
  it("says what is wrong with each field before calling the server", async () => {
    const calls = stubApi({});
    const { user, email, password, submit } = await signIn();
    await user.click(submit);
    await expectFieldError(email, "Enter a valid e-mail address.");
    await expectFieldError(password, "This field is required.");
    expect(calls).toEqual([]);
  });

  it("sends the e-mail trimmed and in lower case, then goes where the visitor was going", async () => {
    const calls = stubApi({
      "POST /api/tenant/pub/login": () => ({ user: { id: "u-1" }, expiresAt: null }),
    });
    const { user, email, password, submit } = await signIn();
    await user.type(email, "  Ana@Example.COM ");
    await user.type(password, "secret-pass-1");
    await user.click(submit);
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/history");
    expect(callsTo(calls, "POST /api/tenant/pub/login")[0]?.body).toEqual({
      email: "ana@example.com",
      password: "secret-pass-1",
    });
  });

  it("with two-factor sign-in on, asks for the code after the password, then goes where the visitor was going", async () => {
    const calls = stubApi({
      "POST /api/tenant/pub/login": () => ({
        user: null,
        twoFactorRequired: true,
        expiresAt: "2026-12-05T10:00:00Z",
      }),
      "POST /api/tenant/pub/login/2fa": () => ({ user: { id: "u-1" }, expiresAt: null }),
    });
    const { user, email, password, submit } = await signIn();
    await user.type(email, "ana@example.com");
    await user.type(password, "secret-pass-1");
    await user.click(submit);
    const code = await screen.findByLabelText("Code");
    expect(screen.queryByLabelText("landed")).toBeNull();
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/history");
    expect(callsTo(calls, "POST /api/tenant/pub/login/2fa")[0]?.body).toEqual({
      code: "123456",
      remember: false,
    });
  });

  it("shows wrong credentials under the password and keeps what was typed", async () => {
    stubApi({
      "POST /api/tenant/pub/login": () =>
        new Refusal(ERRORS.credentialsInvalid.code, "E-mail or password is wrong.", null, 400),
    });
    const { user, email, password, submit } = await signIn();
    await user.type(email, "ana@example.com");
    await user.type(password, "wrong-pass-1");
    await user.click(submit);
    await expectFieldError(password, "E-mail or password is wrong.");
    expect((email as HTMLInputElement).value).toBe("ana@example.com");
    expect((password as HTMLInputElement).value).toBe("wrong-pass-1");
    expect(screen.queryByLabelText("landed")).toBeNull();
  });

  it("after the server asks for the human check, says so and sends a solved check with the next try", async () => {
    const calls = stubApi({
      "POST /api/tenant/pub/login": () =>
        new Refusal(
          ERRORS.credentialsInvalid.code,
          "E-mail or password is wrong.",
          { captchaRequired: true },
          400,
        ),
      "GET /api/tenant/pub/captcha": () => ({ enabled: false, challenge: null }),
    });
    const { user, email, password, submit } = await signIn();
    await user.type(email, "ana@example.com");
    await user.type(password, "wrong-pass-1");
    await user.click(submit);
    expect(await screen.findByText(/human/i)).toBeTruthy();
    await user.click(submit);
    await screen.findByText("E-mail or password is wrong.");
    expect(callsTo(calls, "GET /api/tenant/pub/captcha")).toHaveLength(1);
    expect(callsTo(calls, "POST /api/tenant/pub/login")).toHaveLength(2);
  });
});
