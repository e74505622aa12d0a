import type { ApiKeyView } from "@nc/contracts/api-keys";
import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import {
  callsTo,
  confirmPopover,
  expectFieldError,
  renderPage,
  stubApi,
  tenantWith,
} from "../../../test/render";
import ApiKeysPage from "./api-keys";

function key(id: string, name: string, status: ApiKeyView["status"]): ApiKeyView {
  return {
    id,
    name,
    mode: "live",
    scopes: ["check"],
    hint: `nc_live_${id}…abcd`,
    ipAllowList: [],
    expiresAt: null,
    lastUsedAt: null,
    createdAt: "2026-10-01T00:00:00.000Z",
    createdBy: { id: "u-1", name: "Ana" },
    revokedAt: status === "revoked" ? "2026-10-05T00:00:00.000Z" : null,
    status,
    spend: {
      currency: "USD",
      dailyLimitMicros: id === "k-crm" ? "5000000" : null,
      monthlyLimitMicros: null,
      todayMicros: id === "k-crm" ? "1250000" : "0",
      thisMonthMicros: id === "k-crm" ? "3000000" : "0",
    },
  };
}

const KEYS = [
  key("k-old", "Old import", "revoked"),
  key("k-crm", "CRM sync", "active"),
  key("k-roll", "Billing", "rolling"),
];

async function openKeys(
  keys: ApiKeyView[],
  permissions = ["apikey:*"],
  routes: Record<string, () => unknown> = {},
) {
  const calls = stubApi({ "GET /api/tenant/apikey": () => keys, ...routes });
  const page = await renderPage(<ApiKeysPage />, {
    url: "/dashboard/api-keys",
    root: { tenant: tenantWith(permissions) },
  });
  return { ...page, calls };
}

const rows = () => screen.queryAllByTestId("api-key-row");
const rowOf = (name: string) => rows().find((r) => within(r).queryByText(name)) as HTMLElement;

describe("API keys page", () => {
  it("lists working keys first, counts them against the limit, and offers only what each key allows", async () => {
    await openKeys(KEYS);
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(rows().map((r) => within(r).getByText(/^(Old import|CRM sync|Billing)$/).textContent)).toEqual([
      "CRM sync",
      "Billing",
      "Old import",
    ]);
    expect(screen.getByText("2 of 50 active keys")).toBeTruthy();
    expect(screen.getByRole("button", { name: /Create key/ })).toBeTruthy();
    expect(within(rowOf("CRM sync")).getByRole("button", { name: "Roll" })).toBeTruthy();
    expect(within(rowOf("CRM sync")).getByRole("button", { name: "Revoke" })).toBeTruthy();
    expect(within(rowOf("Billing")).queryByRole("button", { name: "Roll" })).toBeNull();
    expect(within(rowOf("Billing")).getByRole("button", { name: "Revoke" })).toBeTruthy();
    expect(within(rowOf("Old import")).queryAllByRole("button")).toEqual([]);
  });

  it("revokes a key only after the question is answered", async () => {
    const { user, calls } = await openKeys(KEYS, ["apikey:*"], {
      "POST /api/tenant/apikey/s/k-crm/revoke": () => key("k-crm", "CRM sync", "revoked"),
    });
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(rowOf("CRM sync")).getByRole("button", { name: "Revoke" }));
    expect(await screen.findByText('Revoke "CRM sync"?')).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/apikey/s/k-crm/revoke")).toEqual([]);
    await confirmPopover(user, "Revoke");
    expect(await screen.findByText('Key "CRM sync" revoked.')).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/apikey/s/k-crm/revoke")).toHaveLength(1);
  });

  it("rolls a key with the grace period chosen and shows the new key once", async () => {
    const rolled = { key: key("k-new", "CRM sync", "active"), secret: "nc_live_rolled_secret" };
    const { user, calls } = await openKeys(KEYS, ["apikey:*"], {
      "POST /api/tenant/apikey/s/k-crm/roll": () => rolled,
    });
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    await user.click(within(rowOf("CRM sync")).getByRole("button", { name: "Roll" }));
    expect(await screen.findByText(/^The old key stops working at .*\d/)).toBeTruthy();
    await user.click(screen.getByRole("radio", { name: "At once" }));
    expect(screen.getByText("The old key stops working at once.")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Roll key" }));
    const secret = await screen.findByRole("textbox", { name: "API key" });
    expect((secret as HTMLTextAreaElement).value).toBe("nc_live_rolled_secret");
    expect(callsTo(calls, "POST /api/tenant/apikey/s/k-crm/roll")[0]?.body).toEqual({ graceHours: 0 });
  });

  it("creating a key ends on its one showing", async () => {
    const created = { key: key("k-2", "Warehouse", "active"), secret: "nc_live_new_secret" };
    // Checks and jobs, not the balance: the usage scope is offered disabled, with the reason.
    const { user } = await openKeys([], ["apikey:*", "detection:*"], {
      "POST /api/tenant/apikey": () => created,
    });
    await user.click(await screen.findByRole("button", { name: /Create your first key/ }));
    const usage = await screen.findByRole("checkbox", { name: /Read usage/ });
    expect((usage as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/Your role does not hold Account · View/)).toBeTruthy();
    expect((screen.getByRole("checkbox", { name: /Check numbers/ }) as HTMLInputElement).checked).toBe(true);
    await user.type(await screen.findByLabelText("Name"), "Warehouse");
    await user.click(screen.getAllByRole("button", { name: "Create key" }).at(-1)!);
    const secret = await screen.findByRole("textbox", { name: "API key" });
    expect((secret as HTMLTextAreaElement).value).toBe("nc_live_new_secret");
  });

  it("shows each key's spend against its limits and changes them in the key's limits dialog", async () => {
    const { user, calls } = await openKeys(KEYS, ["apikey:*"], {
      "POST /api/tenant/apikey/s/k-crm/limits": () => key("k-crm", "CRM sync", "active"),
    });
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    const spend = within(rowOf("CRM sync")).getByTestId("api-key-spend");
    expect(within(spend).getByText("Today: $1.25 / $5.00")).toBeTruthy();
    expect(within(spend).getByText("This month: $3.00 / no limit")).toBeTruthy();
    expect(within(rowOf("Old import")).queryByRole("button", { name: "Spend limits" })).toBeNull();

    await user.click(within(rowOf("CRM sync")).getByRole("button", { name: "Spend limits" }));
    const daily = (await screen.findByLabelText("Daily limit")) as HTMLInputElement;
    expect(daily.value).toBe("5.00");
    const monthly = screen.getByLabelText("Monthly limit");
    await user.type(monthly, "abc");
    await user.click(screen.getByRole("button", { name: "Save limits" }));
    await expectFieldError(monthly, "Enter an amount above zero with at most six decimals.");
    expect(callsTo(calls, "POST /api/tenant/apikey/s/k-crm/limits")).toEqual([]);

    await user.clear(monthly);
    await user.type(monthly, "80");
    await user.clear(daily);
    await user.click(screen.getByRole("button", { name: "Save limits" }));
    expect(await screen.findByText("Spend limits of CRM sync saved.")).toBeTruthy();
    expect(callsTo(calls, "POST /api/tenant/apikey/s/k-crm/limits")[0]?.body).toEqual({
      dailyLimit: null,
      monthlyLimit: "80",
    });
  });

  it("a member who may only read keys gets neither creating nor rolling nor revoking", async () => {
    await openKeys(KEYS, ["apikey:read"]);
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole("button", { name: /Create key/ })).toBeNull();
    expect(rows().flatMap((r) => within(r).queryAllByRole("button"))).toEqual([]);
  });

  it("with no keys, says so and offers the first one only to those who may create", async () => {
    await openKeys([], ["apikey:read"]);
    expect(await screen.findByText("No API keys yet.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /Create your first key/ })).toBeNull();
  });
});
