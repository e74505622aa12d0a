import type { Invitation } from "@nc/contracts/members";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, confirmPopover, Refusal, renderPage, stubApi, tenantWith } from "../../../../test/render";
import { PendingInvitations } from "./pending-invitations";

const invitation = (id: string, email: string, role: Invitation["role"]): Invitation => ({
  id,
  email,
  role,
  invitedBy: null,
  createdAt: "2026-11-20T00:00:00.000Z",
  expiresAt: "2026-11-27T00:00:00.000Z",
});

const INVITATIONS = [
  invitation("i-1", "dev@example.com", { id: "r-dev", name: "Developer", key: "developer", super: false }),
  invitation("i-2", "boss@example.com", { id: "r-owner", name: "Owner", key: "owner", super: true }),
];

async function openInvitations(
  permissions: string[],
  isSuper = false,
  routes: Record<string, () => unknown> = {},
) {
  const calls = stubApi({ "GET /api/tenant/invite": () => INVITATIONS, ...routes });
  const page = await renderPage(<PendingInvitations />, {
    root: { tenant: tenantWith(permissions, isSuper) },
  });
  await screen.findByText("dev@example.com");
  return { ...page, calls };
}

const rowOf = (email: string) => screen.getByText(email).closest("tr") as HTMLElement;

describe("pending invitations", () => {
  it("lists each invitation with its role, and nobody as the inviter when none is known", async () => {
    await openInvitations(["tenant_user:*"]);
    expect(within(rowOf("dev@example.com")).getByText("Developer")).toBeTruthy();
    expect(within(rowOf("boss@example.com")).getByText("Owner")).toBeTruthy();
    expect(within(rowOf("dev@example.com")).getByText("—")).toBeTruthy();
  });

  it("resends an invitation and says the old link stopped working; an owner's only an owner may resend", async () => {
    const { user, calls } = await openInvitations(["tenant_user:*"], false, {
      "POST /api/tenant/invite/s/i-1/resend": () => INVITATIONS[0],
    });
    const resendOwner = within(rowOf("boss@example.com")).getByRole("button", {
      name: "Resend",
    }) as HTMLButtonElement;
    expect(resendOwner.disabled).toBe(true);
    await user.click(within(rowOf("dev@example.com")).getByRole("button", { name: "Resend" }));
    expect(
      await screen.findByText(
        "A new invitation was sent to dev@example.com. The previous link no longer works.",
      ),
    ).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/invite/s/i-1/resend")).toHaveLength(1);
  });

  it("cancels an invitation only once the question is answered", async () => {
    const { user, calls } = await openInvitations(["tenant_user:*"], true, {
      "DELETE /api/tenant/invite/s/i-2": () => ({ revoked: true }),
    });
    await user.click(within(rowOf("boss@example.com")).getByRole("button", { name: "Cancel invitation" }));
    expect(
      await screen.findByText("Cancel the invitation to boss@example.com? Its link stops working."),
    ).toBeTruthy();
    expect(callsTo(calls, "DELETE /api/tenant/invite/s/i-2")).toEqual([]);
    await confirmPopover(user, "Cancel invitation");
    expect(await screen.findByText("The invitation to boss@example.com was cancelled.")).toBeTruthy();
    expect(callsTo(calls, "DELETE /api/tenant/invite/s/i-2")).toHaveLength(1);
  });

  it("shows the server's refusal of a resend", async () => {
    const { user } = await openInvitations(["tenant_user:*"], false, {
      "POST /api/tenant/invite/s/i-1/resend": () => new Refusal(42900, "Wait a minute before sending again."),
    });
    await user.click(within(rowOf("dev@example.com")).getByRole("button", { name: "Resend" }));
    expect(await screen.findByText("Wait a minute before sending again.")).toBeTruthy();
  });

  it("gives a member who may only read neither resending nor cancelling", async () => {
    await openInvitations(["tenant_user:read"]);
    expect(screen.queryAllByRole("button", { name: /Resend|Cancel invitation/ })).toEqual([]);
  });

  it("says there are none, or why they could not be read", async () => {
    stubApi({ "GET /api/tenant/invite": () => [] });
    await renderPage(<PendingInvitations />);
    expect(await screen.findByText("No pending invitations.")).toBeTruthy();
    vi.unstubAllGlobals();
    stubApi({ "GET /api/tenant/invite": () => new Refusal(40300, "You may not see the invitations.") });
    await renderPage(<PendingInvitations />);
    expect(await screen.findByText("You may not see the invitations.")).toBeTruthy();
  });
});
