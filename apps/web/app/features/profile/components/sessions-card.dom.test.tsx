import type { SessionView } from "@nc/contracts/sessions";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, renderPage, stubApi } from "../../../../test/render";
import { SessionsCard } from "./sessions-card";

const session = (over: Partial<SessionView>): SessionView => ({
  id: "0193a0b0-0000-7000-8000-000000000001",
  current: false,
  browser: "Firefox 133",
  os: "macOS",
  device: "desktop",
  ip: "198.51.100.4",
  place: null,
  signedInAt: "2026-12-01T08:00:00.000Z",
  lastSeenAt: "2026-12-05T09:30:00.000Z",
  ...over,
});

describe("sessions card", () => {
  it("lists the sessions, marks this one, and signs out another one or all the others", async () => {
    let sessions = [
      session({
        id: "0193a0b0-0000-7000-8000-00000000000a",
        current: true,
        browser: "Chrome 131",
        os: "Windows",
      }),
      session({
        id: "0193a0b0-0000-7000-8000-00000000000b",
        browser: "Safari 18",
        os: "iOS",
        device: "mobile",
      }),
      session({
        id: "0193a0b0-0000-7000-8000-00000000000c",
        browser: null,
        os: null,
        device: null,
        ip: null,
      }),
    ];
    const calls = stubApi({
      "GET /api/tenant/uc/sessions": () => ({ sessions }),
      "DELETE /api/tenant/uc/sessions/0193a0b0-0000-7000-8000-00000000000b": () => {
        sessions = sessions.filter((s) => !s.id.endsWith("b"));
        return { ended: true, current: false };
      },
      "POST /api/tenant/uc/sessions/end-others": () => {
        sessions = sessions.filter((s) => s.current);
        return { ended: 1 };
      },
    });
    const { user } = await renderPage(<SessionsCard />, { url: "/dashboard/profile" });
    const rows = await screen.findAllByTestId("session-row");
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain("Chrome 131 on Windows");
    expect(within(rows[0]!).getByText("This session")).toBeTruthy();
    // This session has no sign-out of its own here (the menu's sign-out is that).
    expect(within(rows[0]!).queryByRole("button")).toBeNull();
    expect(within(rows[1]!).getByRole("img", { name: "Phone" })).toBeTruthy();
    expect(rows[1]!.textContent).toContain("198.51.100.4");
    expect(rows[1]!.textContent).toMatch(/Signed in .*2026.* · last seen .*2026/);
    expect(rows[2]!.textContent).toContain("Unknown browser on unknown system");
    expect(rows[2]!.textContent).toContain("Unknown address");

    await user.click(screen.getByRole("button", { name: "Sign out Safari 18 on iOS" }));
    expect(await screen.findByText("That session is signed out.")).toBeTruthy();
    expect(
      callsTo(calls, "DELETE /api/tenant/uc/sessions/0193a0b0-0000-7000-8000-00000000000b"),
    ).toHaveLength(1);
    await screen.findByText("Unknown browser on unknown system");
    expect(await screen.findAllByTestId("session-row")).toHaveLength(2);

    await user.click(screen.getByRole("button", { name: "Sign out all other sessions" }));
    expect(await screen.findByText("Sign out 1 other session?")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    expect(await screen.findByText("1 other session signed out.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/uc/sessions/end-others")).toHaveLength(1);
    await expect.poll(() => screen.getAllByTestId("session-row").length).toBe(1);
    expect(
      (screen.getByRole("button", { name: "Sign out all other sessions" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
