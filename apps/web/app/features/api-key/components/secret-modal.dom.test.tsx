import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderPage } from "../../../../test/render";
import { SecretModal } from "./secret-modal";

const CREATED = {
  key: { id: "k-1", name: "CRM sync", mode: "live" },
  secret: "nc_live_0123456789abcdef",
} as ApiKeyCreatedView;

async function showSecret() {
  const onClose = vi.fn();
  const page = await renderPage(<SecretModal created={CREATED} onClose={onClose} />);
  return { ...page, onClose, done: screen.getByRole("button", { name: "Done" }) as HTMLButtonElement };
}

describe("the new key's one showing", () => {
  it("shows the whole key, and Done only once the person says they stored it", async () => {
    const { user, done, onClose } = await showSecret();
    expect((screen.getByRole("textbox", { name: "API key" }) as HTMLTextAreaElement).value).toBe(
      CREATED.secret,
    );
    expect(screen.getByText("CRM sync")).toBeTruthy();
    expect(done.disabled).toBe(true);
    await user.click(screen.getByRole("checkbox", { name: "I have stored this key" }));
    expect(done.disabled).toBe(false);
    await user.click(done);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("asks before closing a key not yet stored, and going back keeps it on screen", async () => {
    const { user, onClose } = await showSecret();
    await user.click(screen.getByRole("button", { name: "Close" }));
    await user.click(await screen.findByRole("button", { name: "Go back" }));
    expect(screen.getAllByText("Close without storing the key?").length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole("textbox", { name: "API key" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Close" }));
    // The first question's closing leaves it in the page here (no animation end): answer the new one.
    await vi.waitFor(() => expect(screen.getAllByRole("button", { name: "Close anyway" })).toHaveLength(2));
    await user.click(screen.getAllByRole("button", { name: "Close anyway" })[1]!);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("copies the key, or says to copy it by hand when the clipboard refuses", async () => {
    const { user } = await showSecret();
    const writeText = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error("denied"));
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    await user.click(screen.getByRole("button", { name: /Copy/ }));
    expect(await screen.findByText("Copied")).toBeTruthy();
    expect(writeText).toHaveBeenCalledWith(CREATED.secret);
    await user.click(screen.getByRole("button", { name: /Copy/ }));
    expect(await screen.findByText("Could not copy. The key is selected: copy it by hand.")).toBeTruthy();
  });
});
