import { ERRORS } from "@nc/contracts/errors";
import type { RoleDetail } from "@nc/contracts/tenancy";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, expectFieldError, Refusal, renderPage, stubApi, tenantWith } from "../../../test/render";
import RoleEditPage from "./role-edit";

const CATALOG = {
  groups: {},
  permissions: ["detection:read", "detection:create", "recharge:create", "role:read"],
};

const ROLE: RoleDetail = {
  id: "r-9",
  name: "Checkers",
  key: null,
  super: false,
  builtIn: false,
  permissions: ["detection:read"],
  memberCount: 2,
  createdAt: "2026-10-01T00:00:00.000Z",
};

/** The user edits roles and holds detection rights, but not recharge. */
const EDITOR = tenantWith(["role:*", "detection:*"]);

async function openEditor(url: string, routes: Record<string, () => unknown> = {}) {
  const calls = stubApi({ "GET /api/tenant/permission/catalog": () => CATALOG, ...routes });
  const page = await renderPage(<RoleEditPage />, {
    url,
    pattern: url.endsWith("/add") ? "/dashboard/role/add" : "/dashboard/role/:id",
    root: { tenant: EDITOR },
  });
  // Only the catalogue offers this one (a role's own permissions show before it arrives).
  await screen.findByText("Roles · View");
  return { ...page, calls };
}

const itemBox = (title: string) => screen.getByRole("checkbox", { name: title }) as HTMLInputElement;

/** Ticks the permissions, each found by its accessible name. */
async function grant(user: Awaited<ReturnType<typeof openEditor>>["user"], ...titles: string[]) {
  for (const title of titles) await user.click(itemBox(title));
}

describe("role editor", () => {
  it("adds a role with the permissions ticked, then returns to the roles tab", async () => {
    const { user, calls } = await openEditor("/dashboard/role/add", { "POST /api/tenant/role": () => ROLE });
    await user.type(screen.getByLabelText("Role name"), "Checkers");
    await grant(user, "Detection · View", "Detection · Create");
    await user.click(screen.getByRole("button", { name: "Save role" }));
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/tenant?tab=roles");
    expect(callsTo(calls, "POST /api/tenant/role")[0]?.body).toEqual({
      name: "Checkers",
      permissions: ["detection:read", "detection:create"],
    });
  });

  it("greys out permissions the user does not hold and says why", async () => {
    await openEditor("/dashboard/role/add");
    expect(itemBox("Recharge · Create").disabled).toBe(true);
    expect(itemBox("Detection · Create").disabled).toBe(false);
    expect(screen.getByTestId("permissions-not-yours").textContent).toMatch(/only someone who holds them/);
  });

  it("names every checkbox by its permission, says what it allows and groups them by area", async () => {
    await openEditor("/dashboard/role/add");
    const boxes = screen.getAllByRole("checkbox");
    expect(boxes).toHaveLength(CATALOG.permissions.length);
    for (const box of boxes) expect(box.getAttribute("aria-describedby")).toBeTruthy();
    const create = itemBox("Detection · Create");
    const describedBy = document.getElementById(create.getAttribute("aria-describedby") ?? "");
    expect(describedBy?.textContent).toMatch(/^Run checks on single numbers/);
    const checks = within(screen.getByTestId("permission-area-checks"));
    expect(screen.getByRole("group", { name: "Checks" })).toBe(screen.getByTestId("permission-area-checks"));
    expect(checks.getAllByRole("checkbox").map((box) => box.getAttribute("data-permission"))).toEqual([
      "detection:read",
      "detection:create",
    ]);
    expect(
      within(screen.getByTestId("permission-area-money"))
        .getByRole("checkbox")
        .getAttribute("data-permission"),
    ).toBe("recharge:create");
    expect(screen.getByTestId("permission-count").textContent).toBe("4 permissions");
  });

  it("unticking a permission takes it out of the role", async () => {
    const { user, calls } = await openEditor("/dashboard/role/r-9", {
      "GET /api/tenant/role/s/r-9": () => ({ ...ROLE, permissions: ["detection:read", "detection:create"] }),
      "POST /api/tenant/role/s/r-9": () => ROLE,
    });
    await vi.waitFor(() => expect(itemBox("Detection · Create").checked).toBe(true));
    expect(screen.getByTestId("permission-count").textContent).toBe("2 of 4 permissions selected");
    await user.click(itemBox("Detection · Create"));
    await user.click(screen.getByRole("button", { name: "Save role" }));
    await screen.findByLabelText("landed");
    expect(callsTo(calls, "POST /api/tenant/role/s/r-9")[0]?.body).toEqual({
      name: "Checkers",
      permissions: ["detection:read"],
    });
  });

  it("opens a role with its granted permissions and saves it under its own address", async () => {
    const { user, calls } = await openEditor("/dashboard/role/r-9", {
      "GET /api/tenant/role/s/r-9": () => ROLE,
      "POST /api/tenant/role/s/r-9": () => ROLE,
    });
    await vi.waitFor(() =>
      expect((screen.getByLabelText("Role name") as HTMLInputElement).value).toBe("Checkers"),
    );
    expect(itemBox("Detection · View").checked).toBe(true);
    await grant(user, "Detection · Create");
    await user.click(screen.getByRole("button", { name: "Save role" }));
    await screen.findByLabelText("landed");
    const body = callsTo(calls, "POST /api/tenant/role/s/r-9")[0]?.body as {
      name: string;
      permissions: string[];
    };
    expect(body.name).toBe("Checkers");
    expect(body.permissions.toSorted()).toEqual(["detection:create", "detection:read"]);
  });

  it.each([
    ["a built-in role", { builtIn: true, key: "admin" }, "Built-in roles cannot be changed or deleted."],
    [
      "a role holding rights the user lacks",
      { permissions: ["recharge:create"] },
      "This role holds permissions you do not have",
    ],
  ])("locks %s, saying why", async (_, change, reason) => {
    await openEditor("/dashboard/role/r-9", { "GET /api/tenant/role/s/r-9": () => ({ ...ROLE, ...change }) });
    expect(await screen.findByText(new RegExp(reason))).toBeTruthy();
    expect((screen.getByLabelText("Role name") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Save role" }) as HTMLButtonElement).disabled).toBe(true);
    // Even a permission the user holds cannot be ticked on a locked role.
    expect(itemBox("Detection · View").disabled).toBe(true);
  });

  it("shows a name already in use under the name", async () => {
    const { user } = await openEditor("/dashboard/role/add", {
      "POST /api/tenant/role": () =>
        new Refusal(ERRORS.validation.code, "Invalid request", {
          fields: [
            {
              field: "name",
              reason: "name_taken",
              message: "This name is already used in the organisation.",
            },
          ],
        }),
    });
    const name = screen.getByLabelText("Role name");
    await user.type(name, "Admins");
    await user.click(screen.getByRole("button", { name: "Save role" }));
    await expectFieldError(name, "This name is already used in the organisation.");
    expect(screen.queryByLabelText("landed")).toBeNull();
  });
});
