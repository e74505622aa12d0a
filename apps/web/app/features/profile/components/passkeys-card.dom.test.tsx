import { ERRORS } from "@nc/contracts/errors";
import type { Passkey } from "@nc/contracts/passkeys";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, Refusal, renderPage, stubApi } from "../../../../test/render";
import { PasskeysCard } from "./passkeys-card";

const created = vi.hoisted(() => ({ next: null as unknown }));
// The authenticator's side stands in for the browser's dialog; the server's calls are stubbed.
vi.mock("../../../shell/passkeys/webauthn", async (original) => ({
  ...(await original<typeof import("../../../shell/passkeys/webauthn")>()),
  createPasskey: vi.fn(async () => {
    if (created.next instanceof Error) throw created.next;
    return created.next;
  }),
}));

const LAPTOP: Passkey = {
  id: "0193a000-0000-7000-8000-000000000001",
  name: "Laptop",
  createdAt: "2026-12-01T09:00:00.000Z",
  lastUsedAt: null,
  backedUp: false,
};
const OPTIONS = { challenge: "abc", rp: { id: "localhost", name: "Acme" } };
const ANSWER = { id: "cred", rawId: "cred", type: "public-key", response: {}, clientExtensionResults: {} };

describe("passkeys card", () => {
  it("lists passkeys, adds one under a name, renames it and deletes one after confirming", async () => {
    let held: Passkey[] = [LAPTOP];
    const calls = stubApi({
      "GET /api/tenant/uc/passkeys": () => held,
      "POST /api/tenant/uc/passkeys/options": () => OPTIONS,
      "POST /api/tenant/uc/passkeys": ({ body }) => {
        const added = {
          ...LAPTOP,
          id: "0193a000-0000-7000-8000-000000000002",
          name: (body as { name: string }).name,
        };
        held = [...held, added];
        return added;
      },
      "PATCH /api/tenant/uc/passkeys/0193a000-0000-7000-8000-000000000002": ({ body }) => {
        held = held.map((p) => (p.name === "Phone" ? { ...p, name: (body as { name: string }).name } : p));
        return { id: "x", name: "Work phone" };
      },
      "DELETE /api/tenant/uc/passkeys/0193a000-0000-7000-8000-000000000001": () => {
        held = held.filter((p) => p.id !== LAPTOP.id);
        return { deleted: true };
      },
    });
    created.next = ANSWER;
    const { user } = await renderPage(<PasskeysCard />, { url: "/dashboard/profile" });
    const first = await screen.findByTestId("passkey-item");
    expect(first.textContent).toContain("Laptop");
    expect(first.textContent).toContain("not used yet");

    // A name is needed first; nothing is asked of the authenticator without one.
    await user.click(screen.getByTestId("passkey-add"));
    await vi.waitFor(() => expect(document.querySelector(".ant-form-item-explain-error")).toBeTruthy());
    expect(callsTo(calls, "POST /api/tenant/uc/passkeys/options")).toEqual([]);

    await user.type(screen.getByTestId("passkey-name"), "Phone");
    await user.click(screen.getByTestId("passkey-add"));
    expect(await screen.findByText("Passkey added.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/passkeys").at(-1)?.body).toEqual({
      name: "Phone",
      response: ANSWER,
    });
    await vi.waitFor(() => expect(screen.getAllByTestId("passkey-item")).toHaveLength(2));

    const phone = screen.getAllByTestId("passkey-item")[1]!;
    await user.click(within(phone).getByRole("button", { name: "Rename" }));
    const field = await screen.findByTestId("passkey-rename");
    await user.clear(field);
    await user.type(field, "Work phone");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() =>
      expect(screen.getAllByTestId("passkey-item")[1]!.textContent).toContain("Work phone"),
    );
    expect(
      callsTo(calls, "PATCH /api/tenant/uc/passkeys/0193a000-0000-7000-8000-000000000002")[0]?.body,
    ).toEqual({
      name: "Work phone",
    });

    await user.click(
      within(screen.getAllByTestId("passkey-item")[0]!).getByRole("button", { name: "Delete" }),
    );
    expect((await screen.findAllByText("Delete the passkey “Laptop”?")).length).toBeGreaterThan(0);
    // Nothing is deleted before the confirmation.
    expect(callsTo(calls, "DELETE /api/tenant/uc/passkeys/0193a000-0000-7000-8000-000000000001")).toEqual([]);
    const dialog = document.querySelector(".ant-modal-confirm") as HTMLElement;
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await vi.waitFor(() => expect(screen.getAllByTestId("passkey-item")).toHaveLength(1));
    expect(screen.getByTestId("passkey-item").textContent).toContain("Work phone");
  });

  it("says so when the browser's dialog is cancelled, and shows the server's refusal", async () => {
    const calls = stubApi({
      "GET /api/tenant/uc/passkeys": () => [],
      "POST /api/tenant/uc/passkeys/options": () => OPTIONS,
      "POST /api/tenant/uc/passkeys": () =>
        new Refusal(ERRORS.passkeyChallengeInvalid.code, "This passkey request has expired.", null, 400),
    });
    const cancelled = new Error("The operation either timed out or was not allowed.");
    cancelled.name = "NotAllowedError";
    created.next = cancelled;
    const { user } = await renderPage(<PasskeysCard />, { url: "/dashboard/profile" });
    await user.type(await screen.findByTestId("passkey-name"), "Key");
    await user.click(screen.getByTestId("passkey-add"));
    expect(
      await screen.findByText(
        "The passkey request was cancelled, timed out, or found no passkey for this site.",
      ),
    ).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/passkeys")).toEqual([]);

    created.next = ANSWER;
    await user.click(screen.getByTestId("passkey-add"));
    expect(await screen.findByText("This passkey request has expired.")).toBeTruthy();
  });
});
