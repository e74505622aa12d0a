import { ERRORS } from "@nc/contracts/errors";
import type { TwoFactorStatus } from "@nc/contracts/two-factor";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, errorOf, expectFieldError, Refusal, renderPage, stubApi } from "../../../../test/render";
import { TwoFactorCard } from "./two-factor-card";

const SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";
const URI = `otpauth://totp/Acme:ana%40example.com?secret=${SECRET}&issuer=Acme&algorithm=SHA1&digits=6&period=30`;
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkl-mn${"234567"[i % 6]}${i % 2 ? "a" : "b"}`);

const OFF: TwoFactorStatus = { enabled: false, enabledAt: null, recoveryCodesLeft: 0 };
const ON: TwoFactorStatus = { enabled: true, enabledAt: "2026-12-05T09:00:00.000Z", recoveryCodesLeft: 2 };

describe("two-factor sign-in card", () => {
  it("sets up with a QR code and the key as text, turns on with a typed code, and shows the recovery codes once", async () => {
    let status = OFF;
    const calls = stubApi({
      "GET /api/tenant/uc/2fa": () => status,
      "POST /api/tenant/uc/2fa/setup": () => ({ secret: SECRET, uri: URI }),
      "POST /api/tenant/uc/2fa/enable": ({ body }) => {
        if ((body as { code: string }).code !== "123456") {
          return new Refusal(ERRORS.twoFactorCodeInvalid.code, "The code is wrong.", null, 400);
        }
        status = { enabled: true, enabledAt: "2026-12-05T09:00:00.000Z", recoveryCodesLeft: 10 };
        return { recoveryCodes: CODES };
      },
    });
    const { user } = await renderPage(<TwoFactorCard />, { url: "/dashboard/profile" });
    await user.click(await screen.findByRole("button", { name: "Set up" }));

    const qr = await screen.findByRole("img", { name: "QR code for your authenticator app" });
    expect(qr.querySelector("svg")).toBeTruthy();
    expect(screen.getByTestId("two-factor-secret").textContent).toBe(
      "JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP",
    );

    const code = screen.getByLabelText("2. Enter the 6-digit code the app shows") as HTMLInputElement;
    await user.type(code, "12a45");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    await expectFieldError(code, "Enter the 6-digit code from your authenticator app.");
    expect(callsTo(calls, "POST /api/tenant/uc/2fa/enable")).toEqual([]);

    await user.clear(code);
    await user.type(code, "654321");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    await expectFieldError(code, "The code is wrong.");

    await user.clear(code);
    await user.type(code, "123456");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    const shown = (await screen.findByTestId("recovery-codes")) as HTMLTextAreaElement;
    expect(shown.value.split("\n")).toEqual(CODES);
    expect(callsTo(calls, "POST /api/tenant/uc/2fa/enable").at(-1)?.body).toEqual({ code: "123456" });

    // Closed once stored ("Done" waits for the tick); the card then says it is on, without the key.
    expect((screen.getByTestId("recovery-codes-done") as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByTestId("recovery-codes-stored"));
    await user.click(screen.getByTestId("recovery-codes-done"));
    expect(await screen.findByText("10 unused recovery codes left.")).toBeTruthy();
    expect(screen.queryByTestId("two-factor-secret")).toBeNull();
    expect(document.body.textContent).not.toContain("JBSW Y3DP");
  });

  it("turns off only with the password and a code, showing a wrong code under its field", async () => {
    let status = ON;
    const calls = stubApi({
      "GET /api/tenant/uc/2fa": () => status,
      "POST /api/tenant/uc/2fa/disable": ({ body }) => {
        if ((body as { code: string }).code === "111111") {
          return new Refusal(ERRORS.twoFactorCodeInvalid.code, "The code is wrong.", null, 400);
        }
        status = OFF;
        return { disabled: true };
      },
    });
    const { user } = await renderPage(<TwoFactorCard />, { url: "/dashboard/profile" });
    expect(await screen.findByText("2 unused recovery codes left.")).toBeTruthy();
    const password = screen.getByLabelText("Current password") as HTMLInputElement;
    const code = screen.getByLabelText("Code from the app, or a recovery code") as HTMLInputElement;
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    await vi.waitFor(() => expect(errorOf(code)).not.toBe(""));
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);

    await user.type(password, "Blue-river-42");
    await user.type(code, "111111");
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    await expectFieldError(code, "The code is wrong.");

    await user.clear(code);
    await user.type(code, "abcd-efgh-ijkl-mnop");
    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Two-factor sign-in is off.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/2fa/disable").at(-1)?.body).toEqual({
      password: "Blue-river-42",
      code: "abcd-efgh-ijkl-mnop",
    });
    expect(await screen.findByRole("button", { name: "Set up" })).toBeTruthy();
  });

  it("makes new recovery codes with a code of the app, shown once, and forgets remembered browsers", async () => {
    const calls = stubApi({
      "GET /api/tenant/uc/2fa": () => ON,
      "POST /api/tenant/uc/2fa/recovery-codes": ({ body }) =>
        (body as { code: string }).code === "222222"
          ? new Refusal(ERRORS.twoFactorCodeInvalid.code, "The code is wrong.", null, 400)
          : { recoveryCodes: CODES },
      "POST /api/tenant/uc/2fa/forget-browsers": () => ({ forgotten: true }),
    });
    const { user } = await renderPage(<TwoFactorCard />, { url: "/dashboard/profile" });
    const code = (await screen.findByLabelText(
      "Code from the app, for new recovery codes",
    )) as HTMLInputElement;
    // The two forms' fields keep their own labels and ids.
    expect(code.id).not.toBe(
      (screen.getByLabelText("Code from the app, or a recovery code") as HTMLElement).id,
    );
    await user.type(code, "abcd-efgh-ijkl-mnop");
    await user.click(screen.getByRole("button", { name: "Make new recovery codes" }));
    await expectFieldError(code, "Enter the 6-digit code from your authenticator app.");
    expect(callsTo(calls, "POST /api/tenant/uc/2fa/recovery-codes")).toEqual([]);
    await user.clear(code);
    await user.type(code, "222222");
    await user.click(screen.getByRole("button", { name: "Make new recovery codes" }));
    await expectFieldError(code, "The code is wrong.");
    await user.clear(code);
    await user.type(code, "333 333");
    await user.click(screen.getByRole("button", { name: "Make new recovery codes" }));
    const shown = (await screen.findByTestId("recovery-codes")) as HTMLTextAreaElement;
    expect(shown.value.split("\n")).toEqual(CODES);
    expect(callsTo(calls, "POST /api/tenant/uc/2fa/recovery-codes").at(-1)?.body).toEqual({
      code: "333 333",
    });
    await user.click(screen.getByTestId("recovery-codes-stored"));
    await user.click(screen.getByTestId("recovery-codes-done"));

    await user.click(screen.getByRole("button", { name: "Forget remembered browsers" }));
    expect(await screen.findByText("Every remembered browser will ask for a code again.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/2fa/forget-browsers")).toHaveLength(1);
  });
});
