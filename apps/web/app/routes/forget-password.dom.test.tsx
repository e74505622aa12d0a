import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, Refusal, renderPage, stubApi } from "../../test/render";
import ForgetPasswordPage from "./forget-password";

const CAPTCHA_OFF = { "GET /api/tenant/pub/captcha": () => ({ enabled: false, challenge: null }) };

/** Opens the page and fills every field with a usable value. */
async function resetWith(answer: () => unknown) {
  const calls = stubApi({ ...CAPTCHA_OFF, "POST /api/tenant/pub/forget": answer });
  const page = await renderPage(<ForgetPasswordPage />, {
    url: "/forget-password",
    root: { user: null, tenant: null },
  });
  const { user } = page;
  await user.type(screen.getByLabelText("E-mail"), "Marta@Example.com");
  await user.type(screen.getByRole("textbox", { name: "E-mail code" }), "123456");
  await user.type(screen.getByLabelText("New password"), "blue-river-2031");
  await user.type(screen.getByLabelText("Repeat the password"), "blue-river-2031");
  await user.click(screen.getByRole("button", { name: "Set new password" }));
  return { ...page, calls };
}

describe("password reset", () => {
  it("sets the new password and then offers only the way to sign in", async () => {
    const { calls } = await resetWith(() => ({ reset: true }));
    expect(await screen.findByText("Password changed")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/login");
    expect(screen.queryByLabelText("New password")).toBeNull();
    expect(callsTo(calls, "POST /api/tenant/pub/forget")[0]?.body).toEqual({
      email: "marta@example.com",
      code: "123456",
      password: "blue-river-2031",
    });
  });

  it("says when the code is wrong and keeps the form as it was", async () => {
    await resetWith(
      () =>
        new Refusal(
          ERRORS.codeInvalid.code,
          "The code is wrong or has expired. Request a new one.",
          null,
          400,
        ),
    );
    expect(await screen.findByText("The code is wrong or has expired. Request a new one.")).toBeTruthy();
    expect(screen.queryByText("Password changed")).toBeNull();
    expect((screen.getByLabelText("E-mail") as HTMLInputElement).value).toBe("Marta@Example.com");
    expect((screen.getByLabelText("New password") as HTMLInputElement).value).toBe("blue-river-2031");
  });

  it("a refused code request says why and leaves the button ready for another try", async () => {
    stubApi({
      ...CAPTCHA_OFF,
      "POST /api/tenant/pub/forget/code": () =>
        new Refusal(42900, "Too many codes asked for. Wait a minute.", null, 200),
    });
    const { user } = await renderPage(<ForgetPasswordPage />, {
      url: "/forget-password",
      root: { user: null, tenant: null },
    });
    await user.type(screen.getByLabelText("E-mail"), "marta@example.com");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText("Too many codes asked for. Wait a minute.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Send code" }) as HTMLButtonElement).disabled).toBe(false);
  });
});
