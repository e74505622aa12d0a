import type { AssignableRole } from "@nc/contracts/members";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  callsTo,
  expectFieldError,
  pickOption,
  Refusal,
  renderPage,
  shownOptions,
  stubApi,
  tenantWith,
} from "../../../test/render";
import MemberAddPage from "./member-add";

const ROLES: AssignableRole[] = [
  { id: "r-owner", name: "Owner", key: "owner", super: true, permissions: [] },
  {
    id: "r-dev",
    name: "Developer",
    key: "developer",
    super: false,
    permissions: ["apikey:read", "apikey:create"],
  },
  { id: "r-fin", name: "Billing team", key: null, super: false, permissions: ["recharge:create"] },
];

/** An admin who may invite and holds API-key rights, but not recharge rights and is no owner. */
const ADMIN = tenantWith(["tenant_user:*", "apikey:*"]);

async function openInvite(tenant = ADMIN, invite: () => unknown = () => ({ email: "lee@example.com" })) {
  const calls = stubApi({
    "GET /api/tenant/tenant_user/roles": () => ROLES,
    "POST /api/tenant/invite": invite,
  });
  const page = await renderPage(<MemberAddPage />, { url: "/dashboard/member/add", root: { tenant } });
  return {
    ...page,
    calls,
    email: screen.getByLabelText("E-mail address"),
    role: screen.getByRole("combobox", { name: "Role" }),
    submit: screen.getByRole("button", { name: "Send invitation" }),
  };
}

describe("member invitation", () => {
  it("offers only the roles the inviter may hand out, and says who can invite an owner", async () => {
    const { user, role } = await openInvite();
    expect(screen.getByText("Only an owner can invite someone as Owner.")).toBeTruthy();
    await user.click(role);
    await screen.findByTitle("Developer");
    expect(shownOptions()).toEqual([{ label: "Developer", disabled: false }]);
  });

  it("lets an owner offer every role, Owner included", async () => {
    const { user, role } = await openInvite(tenantWith(["*"], true));
    expect(screen.queryByText("Only an owner can invite someone as Owner.")).toBeNull();
    await user.click(role);
    await screen.findByTitle("Developer");
    expect(shownOptions().map((o) => o.label)).toEqual(["Owner", "Developer", "Billing team"]);
  });

  it("wants an e-mail and a role before sending anything", async () => {
    const { user, email, submit, calls } = await openInvite();
    await user.click(submit);
    await expectFieldError(email, "Enter a valid e-mail address.");
    expect(await screen.findByText("This field is required.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/invite")).toEqual([]);
  });

  it("sends the invitation with the e-mail in lower case and returns to the members tab", async () => {
    const { user, email, role, submit, calls } = await openInvite();
    await user.type(email, "Lee@Example.com");
    await pickOption(user, role, "Developer");
    await user.click(submit);
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/tenant?tab=members");
    expect(callsTo(calls, "POST /api/tenant/invite")[0]?.body).toEqual({
      email: "lee@example.com",
      roleId: "r-dev",
    });
  });

  it("shows a refusal about the e-mail under the e-mail, keeping the choice made", async () => {
    const { user, email, role, submit } = await openInvite(
      ADMIN,
      () =>
        new Refusal(40001, "Invalid request", {
          fields: [{ field: "email", reason: "invalid", message: "This person is already a member." }],
        }),
    );
    await user.type(email, "lee@example.com");
    await pickOption(user, role, "Developer");
    await user.click(submit);
    await expectFieldError(email, "This person is already a member.");
    expect((email as HTMLInputElement).value).toBe("lee@example.com");
    expect(screen.getAllByTitle("Developer").length).toBeGreaterThan(0);
  });
});
