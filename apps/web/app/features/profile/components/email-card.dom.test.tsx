import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, expectFieldError, profileOf, Refusal, renderPage, stubApi } from "../../../../test/render";
import { EmailCard } from "./email-card";

const PROFILE = profileOf();

async function openCard(routes: Record<string, () => unknown>) {
  const calls = stubApi(routes);
  const page = await renderPage(<EmailCard profile={PROFILE} />, { url: "/dashboard/profile" });
  return {
    ...page,
    calls,
    email: screen.getByLabelText("New address") as HTMLInputElement,
    code: screen.getByRole("textbox", { name: "E-mail code" }) as HTMLInputElement,
  };
}

describe("e-mail change", () => {
  it("shows the address in use", async () => {
    await openCard({});
    expect(screen.getByTestId("current-email").textContent).toBe("marta@example.com");
  });

  it("sends the code to the new address without a human check", async () => {
    const { user, email, calls } = await openCard({
      "POST /api/tenant/uc/change/email/code": () => ({ resendAfterSeconds: 60 }),
    });
    await user.type(email, "marta@newmail.com");
    await user.click(screen.getByRole("button", { name: "Send code" }));
    expect(await screen.findByText(/a code is on its way/)).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/change/email/code")[0]?.body).toEqual({
      email: "marta@newmail.com",
    });
    expect(callsTo(calls, "GET /api/tenant/pub/captcha")).toEqual([]);
  });

  it("moves the account with the code, in lower case, then empties the form", async () => {
    const { user, email, code, calls } = await openCard({
      "POST /api/tenant/uc/change/email": () => ({ ...PROFILE, email: "marta@newmail.com" }),
    });
    await user.type(email, "Marta@NewMail.com");
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Change e-mail" }));
    expect(await screen.findByText("Your e-mail address was changed.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/change/email")[0]?.body).toEqual({
      email: "marta@newmail.com",
      code: "123456",
    });
    await vi.waitFor(() => expect((screen.getByLabelText("New address") as HTMLInputElement).value).toBe(""));
  });

  it("says when the new address is the one in use and keeps what was typed", async () => {
    const { user, email, code } = await openCard({
      "POST /api/tenant/uc/change/email": () =>
        new Refusal(ERRORS.emailUnchanged.code, "This is already your address.", null, 400),
    });
    await user.type(email, "marta@example.com");
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Change e-mail" }));
    expect(await screen.findByText("This is already your address.")).toBeTruthy();
    expect([email.value, code.value]).toEqual(["marta@example.com", "123456"]);
  });

  it("wants a valid address and a six-digit code before asking the server", async () => {
    const { user, email, calls } = await openCard({});
    await user.type(email, "not-an-address");
    await user.type(screen.getByRole("textbox", { name: "E-mail code" }), "12");
    await user.click(screen.getByRole("button", { name: "Change e-mail" }));
    await expectFieldError(email, "Enter a valid e-mail address.");
    expect(await screen.findByText("Enter the 6-digit code from the e-mail.")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
