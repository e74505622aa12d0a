import type { AssignableRole, Invitation, Member } from "@nc/contracts/members";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  callsTo,
  confirmPopover,
  pickOption,
  renderPage,
  stubApi,
  tenantWith,
} from "../../../../test/render";
import { MembersTab } from "./members-tab";

const OWNER_ROLE = { id: "r-owner", name: "Owner", key: "owner", super: true };
const DEV_ROLE = { id: "r-dev", name: "Developer", key: "developer", super: false };
const FIN_ROLE = { id: "r-fin", name: "Billing team", key: null, super: false };
const ROLES: AssignableRole[] = [
  { ...OWNER_ROLE, permissions: [] },
  { ...DEV_ROLE, permissions: ["apikey:read"] },
  { ...FIN_ROLE, permissions: ["recharge:create"] },
];

const member = (userId: string, name: string, role: Member["role"]): Member => ({
  userId,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
  joinedAt: "2026-09-01T00:00:00.000Z",
});

/** The signed-in user (u-1, Ana) and three others. */
const MEMBERS = [
  member("u-1", "Ana", DEV_ROLE),
  member("u-2", "Olga", OWNER_ROLE),
  member("u-3", "Ben", DEV_ROLE),
  member("u-4", "Carl", FIN_ROLE),
];

const INVITATION: Invitation = {
  id: "i-1",
  email: "new@example.com",
  role: DEV_ROLE,
  invitedBy: { id: "u-1", name: "Ana" },
  createdAt: "2026-11-20T00:00:00.000Z",
  expiresAt: "2026-11-27T00:00:00.000Z",
};

/** An admin who manages members and holds API-key rights, but no recharge rights and is no owner. */
const ADMIN = tenantWith(["tenant_user:*", "apikey:*"]);

async function openTab(tenant = ADMIN, routes: Record<string, () => unknown> = {}) {
  const calls = stubApi({
    "GET /api/tenant/tenant_user": () => MEMBERS,
    "GET /api/tenant/tenant_user/roles": () => ROLES,
    "GET /api/tenant/invite": () => [INVITATION],
    ...routes,
  });
  const page = await renderPage(<MembersTab />, { url: "/dashboard/tenant", root: { tenant } });
  await screen.findByText("Olga");
  return { ...page, calls };
}

/** A member's row, found by their e-mail (a name may also appear among the invitations). */
const rowOf = (name: string) =>
  screen.getByText(`${name.toLowerCase()}@example.com`).closest("tr") as HTMLElement;

describe("members tab", () => {
  it("lets the admin change and remove only the members the server would let them", async () => {
    await openTab();
    await vi.waitFor(() => expect(within(rowOf("Ben")).queryByRole("combobox")).toBeTruthy());
    // Oneself: marked, role fixed, not removable here.
    expect(within(rowOf("Ana")).getByText("You")).toBeTruthy();
    expect(within(rowOf("Ana")).queryByRole("combobox")).toBeNull();
    expect(within(rowOf("Ana")).queryByRole("button", { name: "Remove" })).toBeNull();
    // An owner is an owner's to change or remove.
    expect(within(rowOf("Olga")).getByText("Owner")).toBeTruthy();
    expect(within(rowOf("Olga")).queryByRole("combobox")).toBeNull();
    expect(within(rowOf("Olga")).queryByRole("button", { name: "Remove" })).toBeNull();
    // A member whose role holds rights the admin lacks keeps that role, but can be removed.
    expect(within(rowOf("Carl")).queryByRole("combobox")).toBeNull();
    expect(within(rowOf("Carl")).getByRole("button", { name: "Remove" })).toBeTruthy();
    expect(within(rowOf("Ben")).getByRole("button", { name: "Remove" })).toBeTruthy();
  });

  it("an owner may change and remove any other member", async () => {
    await openTab(tenantWith(["*"], true));
    await vi.waitFor(() => expect(within(rowOf("Olga")).queryByRole("combobox")).toBeTruthy());
    expect(within(rowOf("Carl")).getByRole("combobox")).toBeTruthy();
    expect(within(rowOf("Olga")).getByRole("button", { name: "Remove" })).toBeTruthy();
    expect(within(rowOf("Ana")).queryByRole("combobox")).toBeNull();
  });

  it("changes a member's role at once and says what they now are", async () => {
    const { user, calls } = await openTab(tenantWith(["*"], true), {
      "POST /api/tenant/tenant_user/s/u-3": () => ({ ...MEMBERS[2], role: FIN_ROLE }),
    });
    await vi.waitFor(() => expect(within(rowOf("Ben")).queryByRole("combobox")).toBeTruthy());
    // The select is named for the member whose role it sets (no column header labels it).
    await pickOption(user, screen.getByRole("combobox", { name: "Role of Ben" }), "Billing team");
    expect(await screen.findByText("Ben is now Billing team.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/tenant_user/s/u-3")[0]?.body).toEqual({ roleId: "r-fin" });
  });

  it("removes a member after the question", async () => {
    const { user, calls } = await openTab(ADMIN, {
      "DELETE /api/tenant/tenant_user/s/u-3": () => ({ removed: true }),
    });
    await user.click(within(rowOf("Ben")).getByRole("button", { name: "Remove" }));
    expect(await screen.findByText("Remove Ben from the organisation?")).toBeTruthy();
    await confirmPopover(user, "Remove");
    expect(await screen.findByText("Ben was removed from the organisation.")).toBeTruthy();
    expect(callsTo(calls, "DELETE /api/tenant/tenant_user/s/u-3")).toHaveLength(1);
  });

  it("a reader sees names as text, no role pickers, no removal and no invitation button", async () => {
    await openTab(tenantWith(["tenant_user:read"]));
    expect(screen.queryByRole("link", { name: "Ben" })).toBeNull();
    expect(screen.queryAllByRole("combobox")).toEqual([]);
    expect(screen.queryAllByRole("button", { name: "Remove" })).toEqual([]);
    expect(screen.queryByRole("button", { name: /Invite member/ })).toBeNull();
  });

  it("links each member to their page and the invitation form for those who may invite", async () => {
    await openTab();
    expect(screen.getByRole("link", { name: "Ben" }).getAttribute("href")).toBe(
      "/dashboard/tenant/member/u-3",
    );
    expect(
      screen
        .getByRole("button", { name: /Invite member/ })
        .closest("a")
        ?.getAttribute("href"),
    ).toBe("/dashboard/tenant/member/add");
    expect(await screen.findByText("new@example.com")).toBeTruthy();
  });
});
