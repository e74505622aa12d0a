import { ERRORS } from "@nc/contracts/errors";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi } from "../../test/render";
import RegisterPage from "./register";

const CAPTCHA_OFF = { "GET /api/tenant/pub/captcha": () => ({ enabled: false, challenge: null }) };

async function openRegister() {
  const page = await renderPage(<RegisterPage />, { url: "/register", root: { user: null, tenant: null } });
  return {
    ...page,
    name: screen.getByLabelText("Your name"),
    email: screen.getByLabelText("E-mail"),
    code: screen.getByRole("textbox", { name: "E-mail code" }),
    password: screen.getByLabelText("New password"),
    confirm: screen.getByLabelText("Repeat the password"),
    submit: screen.getByRole("button", { name: "Create account" }),
  };
}

type OpenForm = Awaited<ReturnType<typeof openRegister>>;

/** Types the five fields in order (name, e-mail, code, password, confirmation) and submits. */
async function submitWith(page: OpenForm, values: [string, string, string, string, string]) {
  const fields = [page.name, page.email, page.code, page.password, page.confirm];
  for (const [i, field] of fields.entries()) await page.user.type(field, values[i]!);
  await page.user.click(page.submit);
}

/** Which password requirements the checklist shows as met, by rule. */
function metRules(): Record<string, boolean> {
  const list = screen.getByRole("list", { name: "Password requirements" });
  return Object.fromEntries(
    within(list)
      .getAllByRole("listitem")
      .map((item) => [item.dataset.rule, item.dataset.ok === "true"]),
  );
}

describe("register form", () => {
  it("ticks the password requirements off as the person types, against their e-mail", async () => {
    stubApi({});
    const { user, email, password } = await openRegister();
    // An empty password meets nothing, not even "not a commonly used password".
    expect(metRules()).toMatchObject({ length: false, letterAndDigit: false, notCommon: false });
    await user.type(email, "marta@example.com");
    await user.type(password, "marta");
    expect(metRules()).toMatchObject({ length: false, letterAndDigit: false, notEmail: false });
    await user.type(password, "-river-2031");
    expect(metRules()).toEqual({ length: true, letterAndDigit: true, notEmail: false, notCommon: true });
    await user.clear(password);
    await user.type(password, "password123");
    expect(metRules()).toEqual({ length: true, letterAndDigit: true, notEmail: true, notCommon: false });
  });

  it("refuses a weak password and a confirmation that differs, without calling the server", async () => {
    const calls = stubApi(CAPTCHA_OFF);
    const page = await openRegister();
    const { password, confirm } = page;
    await submitWith(page, ["Marta", "marta@example.com", "123456", "password123", "password124"]);
    await expectFieldError(password, "The password does not meet the requirements.");
    await expectFieldError(confirm, "The passwords do not match.");
    expect(callsTo(calls, "POST /api/tenant/pub/register")).toEqual([]);
  });

  it("sends the code to the e-mail typed and counts down before another may be asked for", async () => {
    const calls = stubApi({
      ...CAPTCHA_OFF,
      "POST /api/tenant/pub/register/code": () => ({ resendAfterSeconds: 60 }),
    });
    const { user, email } = await openRegister();
    const send = screen.getByRole("button", { name: "Send code" });
    await user.click(send);
    await expectFieldError(email, "Enter a valid e-mail address.");
    expect(callsTo(calls, "POST /api/tenant/pub/register/code")).toEqual([]);
    await user.type(email, "marta@example.com");
    await user.click(send);
    expect(await screen.findByRole("button", { name: /Resend in 60 s|Resend in 59 s/ })).toHaveProperty(
      "disabled",
      true,
    );
    expect(callsTo(calls, "POST /api/tenant/pub/register/code")[0]?.body).toEqual({
      email: "marta@example.com",
    });
  });

  it("shows the server's verdict on the code under the code field and keeps everything typed", async () => {
    const calls = stubApi({
      ...CAPTCHA_OFF,
      "POST /api/tenant/pub/register": () =>
        new Refusal(
          ERRORS.validation.code,
          "Invalid request",
          { fields: [{ field: "code", reason: "invalid", message: "The code is wrong or has expired." }] },
          400,
        ),
    });
    const page = await openRegister();
    const { name, email, code, password, confirm } = page;
    await submitWith(page, ["Marta", "Marta@Example.com", "654321", "blue-river-2031", "blue-river-2031"]);
    // The code's own input sits in a compact group; its error shows under the group's label.
    expect(await screen.findByText("The code is wrong or has expired.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/pub/register")[0]?.body).toMatchObject({
      name: "Marta",
      email: "marta@example.com",
      code: "654321",
      password: "blue-river-2031",
      locale: "en",
    });
    expect([name, email, code, password, confirm].map((f) => (f as HTMLInputElement).value)).toEqual([
      "Marta",
      "Marta@Example.com",
      "654321",
      "blue-river-2031",
      "blue-river-2031",
    ]);
    expect(screen.queryByLabelText("landed")).toBeNull();
  });

  it("signs the new account in and opens the dashboard", async () => {
    stubApi({
      ...CAPTCHA_OFF,
      "POST /api/tenant/pub/register": () => ({ user: { id: "u-2" }, expiresAt: null }),
    });
    const page = await openRegister();
    await submitWith(page, ["Marta", "marta@example.com", "654321", "blue-river-2031", "blue-river-2031"]);
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard");
  });
});
