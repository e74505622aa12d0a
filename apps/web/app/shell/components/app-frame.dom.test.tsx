import { screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { setScreen } from "../../../test/screen";
import { AppFrame } from "./app-frame";

// A phone's width: every "at least this wide" question answers no.
beforeEach(() => setScreen({ width: 390 }));

function frame() {
  return (
    <AppFrame
      home="/dashboard"
      menu={(onNavigate) => (
        <nav>
          <button type="button" onClick={onNavigate}>
            History
          </button>
        </nav>
      )}
      headerEnd={() => <span>tools</span>}
    >
      <p>page body</p>
    </AppFrame>
  );
}

describe("the signed-in frame on a phone", () => {
  it("shows the menu in a drawer from the header's button, and closes it after a choice", async () => {
    const { user } = await renderPage(frame(), {
      root: { device: { mobileOrTablet: true, phone: true } },
    });
    expect(screen.getByText("page body")).toBeTruthy();
    expect(screen.getByText("tools")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "History" })).toBeNull();

    await user.click(screen.getByRole("button", { name: "Menu" }));
    await user.click(await screen.findByRole("button", { name: "History" }));
    await waitFor(() => expect(document.querySelector(".ant-drawer-open")).toBeNull());
    expect(document.querySelector(".ant-drawer")).not.toBeNull();
  });
});
