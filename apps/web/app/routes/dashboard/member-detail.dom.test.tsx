import type { AssignableRole, Member } from "@nc/contracts/members";
import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  callsTo,
  confirmPopover,
  pickOption,
  Refusal,
  renderPage,
  stubApi,
  tenantWith,
} from "../../../test/render";
import MemberDetailPage from "./member-detail";

const DEV = { id: "r-dev", name: "Developer", key: "developer", super: false };
const VIEWER = { id: "r-view", name: "Viewer", key: "viewer", super: false };
const OWNER = { id: "r-owner", name: "Owner", key: "owner", super: true };
const ROLES: AssignableRole[] = [
  { ...DEV, permissions: ["apikey:read"] },
  { ...VIEWER, permissions: ["detection:read"] },
  { ...OWNER, permissions: [] },
];

const member = (userId: string, role: Member["role"]): Member => ({
  userId,
  name: "Ben",
  email: "ben@example.com",
  role,
  joinedAt: "2026-09-01T00:00:00.000Z",
});

/** An admin over members holding API-key and detection reading rights; the user is u-1. */
const ADMIN = tenantWith(["tenant_user:*", "apikey:read", "detection:read"]);

async function openMember(shown: Member, routes: Record<string, () => unknown> = {}) {
  const calls = stubApi({
    [`GET /api/tenant/tenant_user/s/${shown.userId}`]: () => shown,
    "GET /api/tenant/tenant_user/roles": () => ROLES,
    ...routes,
  });
  const page = await renderPage(<MemberDetailPage />, {
    url: `/dashboard/tenant/member/${shown.userId}`,
    pattern: "/dashboard/tenant/member/:id",
    root: { tenant: ADMIN },
  });
  await screen.findByText("ben@example.com");
  return { ...page, calls };
}

const saveButton = () => screen.getByRole("button", { name: "Save role" }) as HTMLButtonElement;

describe("one member", () => {
  it("saves a new role only once another one is picked", async () => {
    const { user, calls } = await openMember(member("u-3", DEV), {
      "POST /api/tenant/tenant_user/s/u-3": () => member("u-3", VIEWER),
    });
    await vi.waitFor(() => expect(saveButton().disabled).toBe(true));
    await pickOption(user, screen.getByRole("combobox"), "Viewer");
    expect(saveButton().disabled).toBe(false);
    await user.click(saveButton());
    expect(await screen.findByText("Ben is now Viewer.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/tenant_user/s/u-3")[0]?.body).toEqual({ roleId: "r-view" });
  });

  it("says why an owner's role is not the admin's to change, and offers no removal", async () => {
    await openMember(member("u-3", OWNER));
    expect(await screen.findByText("Only an owner can grant, change or remove the Owner role.")).toBeTruthy();
    expect(screen.queryByRole("combobox")).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove from the organisation" })).toBeNull();
  });

  it("on one's own page: marked as oneself, the role locked with the reason", async () => {
    await openMember(member("u-1", DEV));
    expect(screen.getByText("You")).toBeTruthy();
    expect(await screen.findByText(/You cannot change your own role/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Remove from the organisation" })).toBeNull();
  });

  it("removes the member after the question and returns to the members", async () => {
    const { user, calls } = await openMember(member("u-3", DEV), {
      "DELETE /api/tenant/tenant_user/s/u-3": () => ({ removed: true }),
    });
    await user.click(screen.getByRole("button", { name: "Remove from the organisation" }));
    await confirmPopover(user, "Remove");
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/tenant?tab=members");
    expect(callsTo(calls, "DELETE /api/tenant/tenant_user/s/u-3")).toHaveLength(1);
  });

  it("a member who cannot be read shows why, with the way back", async () => {
    stubApi({ "GET /api/tenant/tenant_user/s/u-9": () => new Refusal(40400, "This member does not exist.") });
    await renderPage(<MemberDetailPage />, {
      url: "/dashboard/tenant/member/u-9",
      pattern: "/dashboard/tenant/member/:id",
      root: { tenant: ADMIN },
    });
    expect(await screen.findByText("This member does not exist.")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Back to members/ }).getAttribute("href")).toBe(
      "/dashboard/tenant?tab=members",
    );
  });
});
