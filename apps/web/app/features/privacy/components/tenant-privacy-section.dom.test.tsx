import type { TenantSummary } from "@nc/contracts/tenancy";
import { tenantCookieName } from "@nc/contracts/tenant-selection";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { callsTo, renderPage, stubApi } from "../../../../test/render";
import { TenantPrivacySection } from "./tenant-privacy-section";

const org = (tenantId: string, name: string, status = "active") =>
  ({ tenantId, name, status }) as unknown as TenantSummary;

async function deleteActive(left: TenantSummary[]) {
  const calls = stubApi({
    "POST /api/tenant/s/t-1/delete": () => ({ purgeAfter: "2027-01-04T00:00:00.000Z" }),
    "GET /api/tenant": () => left,
  });
  const { user } = await renderPage(<TenantPrivacySection />, { url: "/dashboard/tenant" });
  await user.click(screen.getByTestId("delete-tenant"));
  await user.type(await screen.findByTestId("delete-tenant-dialog-password"), "Blue-river-42");
  await user.click(document.getElementById("delete-tenant-dialog-ok")!);
  return calls;
}

describe("deleting the active organisation", () => {
  it("goes on in the one organisation left", async () => {
    const calls = await deleteActive([org("t-1", "Acme", "pending_deletion"), org("t-2", "Beta")]);
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard");
    expect(document.cookie).toContain(`${tenantCookieName("u-1")}=t-2`);
    expect(callsTo(calls, "POST /api/tenant/s/t-1/delete")).toHaveLength(1);
  });

  it("lets the person choose when several are left, or none", async () => {
    await deleteActive([org("t-1", "Acme", "pending_deletion"), org("t-2", "Beta"), org("t-3", "Gamma")]);
    expect((await screen.findByLabelText("landed")).textContent).toBe("/dashboard/tenants");
  });
});
