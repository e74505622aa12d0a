import type { TenantSummary } from "@nc/contracts/tenancy";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { callsTo, confirmPopover, Refusal, renderPage, stubApi } from "../../../../test/render";
import { MyTenantsCard } from "./my-tenants-card";

const summary = (tenantId: string, name: string, change: Partial<TenantSummary> = {}): TenantSummary => ({
  tenantId,
  name,
  timezoneCode: "UTC",
  status: "active",
  role: { id: "r-dev", name: "Developer", key: "developer" },
  super: false,
  createdAt: "2026-01-01T00:00:00.000Z",
  purgeAfter: null,
  requireTwoFactor: false,
  twoFactorNeeded: false,
  ...change,
});

/** t-1 (Acme) is the active organisation in the root data. */
const TENANTS = [
  summary("t-1", "Acme"),
  summary("t-2", "Globex", { role: { id: "r-x", name: "Night shift", key: null } }),
  summary("t-3", "Initech", {
    status: "pending_deletion",
    super: true,
    role: { id: "r-o", name: "Owner", key: "owner" },
    purgeAfter: "2026-12-24T00:00:00.000Z",
  }),
];

async function openCard(routes: Record<string, () => unknown> = {}) {
  const calls = stubApi({ "GET /api/tenant": () => TENANTS, ...routes });
  const page = await renderPage(<MyTenantsCard />, { url: "/dashboard/profile" });
  await screen.findByText("Globex");
  return { ...page, calls };
}

const itemOf = (name: string) => screen.getByText(name).closest("li") as HTMLElement;

describe("your organisations", () => {
  it("marks the active one and names the role held in each, built-in roles in the reader's words", async () => {
    await openCard();
    expect(within(itemOf("Acme")).getByText("Active")).toBeTruthy();
    expect(within(itemOf("Globex")).queryByText("Active")).toBeNull();
    expect(within(itemOf("Acme")).getByText("Developer")).toBeTruthy();
    expect(within(itemOf("Globex")).getByText("Night shift")).toBeTruthy();
  });

  it("opens another organisation: made active, with its dashboard", async () => {
    const { user } = await openCard();
    await user.click(within(itemOf("Globex")).getByRole("button", { name: "Open" }));
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard");
    expect(document.cookie).toContain("t-2");
  });

  it("an organisation waiting to be deleted cannot be opened, says when it goes, and its owner may restore it", async () => {
    await openCard();
    const item = itemOf("Initech");
    expect((within(item).getByRole("button", { name: "Open" }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(item).getByTestId("purge-date").textContent).toBe("Deleted on December 24, 2026");
    expect(within(item).getByRole("button", { name: /Restore/ })).toBeTruthy();
    expect(within(itemOf("Globex")).queryByRole("button", { name: /Restore/ })).toBeNull();
  });

  it("leaves an organisation after the question and lists the rest", async () => {
    let left = false;
    const { user, calls } = await openCard({
      "GET /api/tenant": () => (left ? TENANTS.filter((t) => t.tenantId !== "t-2") : TENANTS),
      "POST /api/tenant/s/t-2/leave": () => {
        left = true;
        return { left: true };
      },
    });
    await user.click(within(itemOf("Globex")).getByRole("button", { name: "Leave" }));
    expect(await screen.findByText("Leave Globex?")).toBeTruthy();
    await confirmPopover(user, "OK");
    expect(await screen.findByText("You left Globex.")).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByText("Globex")).toBeNull());
    expect(callsTo(calls, "POST /api/tenant/s/t-2/leave")).toHaveLength(1);
  });

  it("the last owner's refusal to leave is shown and the organisation stays", async () => {
    const { user } = await openCard({
      "POST /api/tenant/s/t-2/leave": () =>
        new Refusal(40021, "Make someone else an owner before you leave.", null, 400),
    });
    await user.click(within(itemOf("Globex")).getByRole("button", { name: "Leave" }));
    await confirmPopover(user, "OK");
    expect(await screen.findByText("Make someone else an owner before you leave.")).toBeTruthy();
    expect(screen.getByText("Globex")).toBeTruthy();
  });
});
