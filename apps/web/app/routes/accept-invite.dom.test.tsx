import type { InviteCheck } from "@nc/contracts/members";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  type ApiCall,
  callsTo,
  confirmPopover,
  Refusal,
  renderPage,
  rootData,
  stubApi,
} from "../../test/render";
import AcceptInvitePage from "./accept-invite";

const INVITE: InviteCheck = {
  tenantName: "Acme",
  email: "lee@example.com",
  roleName: "Developer",
  roleKey: "developer",
  inviterName: "Ana",
  expiresAt: "2026-12-01T00:00:00.000Z",
  hasAccount: true,
};

const LEE = { id: "u-7", email: "Lee@Example.com", name: "Lee", locale: "en" };

async function openInvite(
  user: typeof LEE | null,
  invite: Partial<InviteCheck> = {},
  routes: Record<string, (call: ApiCall) => unknown> = {},
  url = "/accept-invite?token=tok-1",
) {
  const calls = stubApi({ "POST /api/tenant/pub/invite/check": () => ({ ...INVITE, ...invite }), ...routes });
  const page = await renderPage(<AcceptInvitePage />, {
    url,
    root: { user, tenant: user ? rootData().tenant : null },
  });
  return { ...page, calls };
}

describe("accepting an invitation", () => {
  it("shows who invited whom to what, and lets the invited account accept", async () => {
    const { user, calls } = await openInvite(
      LEE,
      {},
      { "POST /api/tenant/pub/invite/accept/has_user": () => ({ tenantId: "t-9" }) },
    );
    expect(await screen.findByText("Ana invited lee@example.com to join Acme as Developer.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Accept invitation" }));
    expect(await screen.findByText("You joined Acme.")).toBeTruthy();
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard");
    expect(callsTo(calls, "POST /api/tenant/pub/invite/accept/has_user")[0]?.body).toEqual({
      token: "tok-1",
    });
  });

  it("signed in as someone else: says so and offers to sign out, not to accept", async () => {
    await openInvite({ ...LEE, email: "ana@example.com" });
    expect(
      await screen.findByText(
        "You are signed in as ana@example.com, but this invitation is for lee@example.com.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Accept invitation" })).toBeNull();
    expect(screen.getByRole("button", { name: "Sign out to continue as lee@example.com" })).toBeTruthy();
  });

  it.each([
    [true, "Sign in to accept", "/invite-login?token=tok-1"],
    [false, "Create an account to accept", "/invite-register?token=tok-1"],
  ])("signed out (an account exists: %s), leads to %s with the token", async (hasAccount, label, href) => {
    await openInvite(null, { hasAccount });
    const button = await screen.findByRole("button", { name: label });
    expect(button.closest("a")?.getAttribute("href")).toBe(href);
  });

  it("declines after the question and says the link stopped working", async () => {
    const { user, calls } = await openInvite(
      null,
      {},
      { "POST /api/tenant/pub/invite/reject": () => ({ rejected: true }) },
    );
    await user.click(await screen.findByRole("button", { name: "Decline" }));
    expect(await screen.findByText("Decline the invitation to Acme?")).toBeTruthy();
    await confirmPopover(user, "Decline");
    expect(
      await screen.findByText("You declined the invitation to Acme. The link no longer works."),
    ).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/pub/invite/reject")[0]?.body).toEqual({ token: "tok-1" });
  });

  it("explains a link without a token", async () => {
    await openInvite(null, {}, {}, "/accept-invite");
    expect(
      await screen.findByText("This invitation link is incomplete. Open the link from the e-mail again."),
    ).toBeTruthy();
  });

  it("explains an invitation the server refuses", async () => {
    await openInvite(
      null,
      {},
      {
        "POST /api/tenant/pub/invite/check": () => new Refusal(40025, "This invitation has expired."),
      },
    );
    expect(await screen.findByText("This invitation has expired.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Decline" })).toBeNull();
  });
});
