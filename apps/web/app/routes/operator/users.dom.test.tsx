import type { OperatorMe, OperatorUserView } from "@nc/contracts/operator";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, renderPage, stubApi } from "../../../test/render";
import OperatorUserPage from "./user";
import OperatorUsersPage from "./users";

const USER: OperatorUserView = {
  id: "0b6f5c1e-1111-4000-8000-000000000001",
  email: "cora@example.com",
  name: "Cora Diaz",
  partnerId: "p-1",
  partnerName: "NumCheck",
  createdAt: "2026-10-01T08:00:00.000Z",
  organisations: [{ id: "t-9", name: "Cora Co", role: "owner" }],
  sessions: 3,
  lastSeenAt: "2026-11-20T10:00:00.000Z",
  operator: { scope: "platform", permissions: ["operator.customer:read"] },
};
const me = (permissions: OperatorMe["permissions"]): OperatorMe => ({
  userId: "u-1",
  email: "ana@example.com",
  scope: "platform",
  partnerId: "p-1",
  partnerName: "NumCheck",
  permissions,
});
const ONE = `GET /api/operator/users/${USER.id}`;
const END = `POST /api/operator/users/${USER.id}/end-sessions`;

describe("operator users", () => {
  it("searches by what was typed and pages on with the server's cursor", async () => {
    const calls = stubApi({
      "GET /api/operator/users": ({ query }) =>
        query.get("cursor")
          ? { items: [{ ...USER, id: "u-2", email: "dan@example.com", operator: null }], nextCursor: null }
          : { items: [USER], nextCursor: "c-1" },
    });
    const { user } = await renderPage(<OperatorUsersPage />, { url: "/operator/users" });
    await user.type(screen.getByLabelText("Search users"), "cora{Enter}");
    await vi.waitFor(() =>
      expect(callsTo(calls, "GET /api/operator/users").at(-1)?.query.get("q")).toBe("cora"),
    );
    await screen.findByText("cora@example.com");
    expect(screen.getByText("Operator")).toBeTruthy();
    await user.click(screen.getByTestId("users-more"));
    await screen.findByText("dan@example.com");
    expect(callsTo(calls, "GET /api/operator/users").at(-1)?.query.get("cursor")).toBe("c-1");
    expect(screen.getByRole("link", { name: "cora@example.com" }).getAttribute("href")).toBe(
      `/operator/users/${USER.id}`,
    );
  });

  it("keeps the previous rows under the spinner while a new search loads, never flashing the empty text", async () => {
    // The table's spinner wraps it and tells assistive technology the list is busy.
    const spinning = () => screen.getByTestId("user-table").closest('[aria-busy="true"]') !== null;
    let answer: (page: unknown) => void = () => undefined;
    stubApi({
      "GET /api/operator/users": ({ query }) =>
        query.get("q") === "dan"
          ? new Promise((resolve) => {
              answer = resolve;
            })
          : { items: [USER], nextCursor: "c-1" },
    });
    const { user } = await renderPage(<OperatorUsersPage />, { url: "/operator/users" });
    await screen.findByText("cora@example.com");
    await user.type(screen.getByLabelText("Search users"), "dan{Enter}");
    await vi.waitFor(() => expect(spinning()).toBe(true), { timeout: 5_000 });
    expect(screen.getByText("cora@example.com")).toBeTruthy();
    expect(screen.queryByText("No user matches.")).toBeNull();
    // The previous search's "more" would page the wrong list: hidden until the answer comes.
    expect(screen.queryByTestId("users-more")).toBeNull();
    answer({ items: [{ ...USER, id: "u-2", email: "dan@example.com", operator: null }], nextCursor: null });
    await screen.findByText("dan@example.com");
    expect(screen.queryByText("cora@example.com")).toBeNull();
    expect(spinning()).toBe(false);
  });

  it("shows an account's organisations, sessions and rights with their names", async () => {
    stubApi({ [ONE]: () => USER, "GET /api/operator/me": () => me(["operator.user:read"]) });
    await renderPage(<OperatorUserPage />, {
      url: `/operator/users/${USER.id}`,
      pattern: "/operator/users/:id",
    });
    expect(await screen.findByRole("heading", { name: "cora@example.com" })).toBeTruthy();
    expect(screen.getByTestId("user-sessions").textContent).toBe("3");
    expect(within(screen.getByTestId("user-organisations")).getByText("Cora Co")).toBeTruthy();
    expect(within(screen.getByTestId("user-organisations")).getByText("Owner")).toBeTruthy();
    expect(screen.getByText("Platform (every partner)")).toBeTruthy();
    expect(within(screen.getByTestId("operator-rights")).getByText("Customers")).toBeTruthy();
    // Without the update right there is no way to sign the account out.
    expect(screen.queryByTestId("end-sessions")).toBeNull();
  });

  it("signs the account out everywhere only after the question, and says how many sessions ended", async () => {
    const calls = stubApi({
      [ONE]: () => USER,
      "GET /api/operator/me": () => me(["operator.user:read", "operator.user:update"]),
      [END]: () => ({ ended: 3 }),
    });
    const { user } = await renderPage(<OperatorUserPage />, {
      url: `/operator/users/${USER.id}`,
      pattern: "/operator/users/:id",
    });
    await user.click(await screen.findByTestId("end-sessions"));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/Every session of cora@example.com ends now/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(callsTo(calls, END)).toHaveLength(0);

    await user.click(screen.getByTestId("end-sessions"));
    // The cancelled question may still be fading out: the new one is the last.
    const again = (await screen.findAllByRole("dialog")).at(-1)!;
    await user.click(within(again).getByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("Sessions ended: 3.")).toBeTruthy();
    await vi.waitFor(() => expect(callsTo(calls, END)).toHaveLength(1));
  });
});
