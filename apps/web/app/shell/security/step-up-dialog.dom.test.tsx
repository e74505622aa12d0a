import { ERRORS } from "@nc/contracts/errors";
import { screen } from "@testing-library/react";
import { Button } from "antd";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi } from "../../../test/render";
import type { ApiError } from "../http/api-error";
import { api } from "../http/client";
import { StepUpHost } from "./step-up-host";

const NEEDS_PROOF = new Refusal(ERRORS.stepUpRequired.code, "Confirm it is you to continue.", null, 403);

/** A button that makes a key, as a page would, and shows the outcome. */
function MakeKey() {
  const [outcome, setOutcome] = useState("");
  return (
    <>
      <StepUpHost />
      <Button
        onClick={async () => {
          try {
            const made = await api<{ id: string }>("/api/tenant/apikey", {
              method: "POST",
              body: { name: "k" },
            });
            setOutcome(`made ${made.id}`);
          } catch (error) {
            setOutcome(`refused ${(error as ApiError).code}`);
          }
        }}
      >
        Make a key
      </Button>
      <output>{outcome}</output>
    </>
  );
}

/** The key route: refused until a proof was accepted. */
function keyRoutes(twoFactor: boolean, accepted: (body: Record<string, string>) => boolean) {
  let proved = false;
  return stubApi({
    "GET /api/tenant/uc/2fa": () => ({ enabled: twoFactor, enabledAt: null, recoveryCodesLeft: 10 }),
    "POST /api/tenant/apikey": () => (proved ? { id: "key-1" } : NEEDS_PROOF),
    "POST /api/tenant/uc/step-up": ({ body }) => {
      if (!accepted(body as Record<string, string>)) {
        return twoFactor
          ? new Refusal(ERRORS.twoFactorCodeInvalid.code, "The code is wrong.", null, 400)
          : new Refusal(ERRORS.passwordWrong.code, "The current password is incorrect.", null, 400);
      }
      proved = true;
      return { until: "2026-12-05T10:10:00.000Z" };
    },
  });
}

describe("step-up dialog", () => {
  it("asks for the password when two-factor sign-in is off, then sends the refused call again", async () => {
    const calls = keyRoutes(false, (b) => b.password === "Blue-river-42");
    const { user } = await renderPage(<MakeKey />, { url: "/dashboard/api-keys" });
    await user.click(screen.getByRole("button", { name: "Make a key" }));
    // The dialog's script is fetched the first time it is needed.
    expect(await screen.findByRole("dialog", { name: "Confirm it is you" }, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByText("Confirm it is you to continue.")).toBeTruthy();
    const password = (await screen.findByLabelText("Your password")) as HTMLInputElement;
    await user.type(password, "Wrong-river-42");
    await user.click(screen.getByRole("button", { name: "Confirm and continue" }));
    await expectFieldError(password, "The current password is incorrect.");
    await user.clear(password);
    await user.type(password, "Blue-river-42");
    await user.click(screen.getByRole("button", { name: "Confirm and continue" }));
    expect(await screen.findByText("made key-1")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/apikey")).toHaveLength(2);
    expect(callsTo(calls, "POST /api/tenant/uc/step-up").at(-1)?.body).toEqual({ password: "Blue-river-42" });
  });

  it("asks for a code when two-factor sign-in is on, and leaves the call refused when cancelled", async () => {
    const calls = keyRoutes(true, (b) => b.code === "123456");
    const { user } = await renderPage(<MakeKey />, { url: "/dashboard/api-keys" });
    await user.click(screen.getByRole("button", { name: "Make a key" }));
    const code = (await screen.findByLabelText(
      "Code from your authenticator app, or a recovery code",
      undefined,
      {
        timeout: 8000,
      },
    )) as HTMLInputElement;
    expect(screen.queryByLabelText("Your password")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(await screen.findByText(`refused ${ERRORS.stepUpRequired.code}`)).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/step-up")).toEqual([]);
    expect(callsTo(calls, "POST /api/tenant/apikey")).toHaveLength(1);
    expect(code).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Make a key" }));
    const again = (await screen.findByLabelText(
      "Code from your authenticator app, or a recovery code",
    )) as HTMLInputElement;
    await user.type(again, "123456");
    await user.click(screen.getByRole("button", { name: "Confirm and continue" }));
    expect(await screen.findByText("made key-1")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/step-up").at(-1)?.body).toEqual({ code: "123456" });
  });
});
