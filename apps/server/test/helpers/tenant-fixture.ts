import { TRADE_TYPES } from "@nc/contracts/trade-types";
import { eq, inArray } from "drizzle-orm";
import {
  invitations,
  noticeReads,
  notices,
  rechargeOrders,
  roles,
  tenantMembers,
  tenants,
  webhookDeliveries,
  webhookEndpoints,
} from "../../src/db/schema/index";
import { type Account, expectOk, registerUser } from "./accounts";
import { createTenant, inTenant, memberWithRole } from "./tenancy";
import type { TestApp } from "./test-app";

/** An organisation with one of everything a tenant route can point at. */
export interface TenantFixture {
  tenantId: string;
  owner: Account;
  /** A second member (Viewer) whose membership routes can address. */
  member: Account;
  customRoleId: string;
  /** Ids of further resources, filled in by the features that own them (invitations, notices...). */
  extra: Record<string, string>;
}

export async function makeTenantFixture(t: TestApp, label: string): Promise<TenantFixture> {
  const owner = await registerUser(t, { name: `${label} owner` });
  const tenantId = await createTenant(t, owner, `${label} Org`);
  const member = await memberWithRole(t, tenantId, "viewer");
  const call = inTenant(t, owner, tenantId);
  const customRoleId = expectOk<{ id: string }>(
    await call("POST", "/api/tenant/role", { name: `${label} custom`, permissions: ["detection:read"] }),
  ).id;
  const noticeId = await t.app.services.notices.notify({
    tenantId,
    type: "role_changed",
    params: { role: "Viewer" },
  });
  const inviteId = expectOk<{ id: string }>(
    await call("POST", "/api/tenant/invite", {
      email: `invitee.${tenantId}@example.com`,
      roleId: customRoleId,
    }),
  ).id;
  const { entry } = await t.app.services.billing.credit({
    tenantId,
    tradeType: TRADE_TYPES.add,
    amountMicros: 1_000_000n,
    actor: { type: "system" },
  });
  const rechargeOrderId = expectOk<{ orderId: string }>(
    await call("POST", "/api/tenant/recharge", { method: "bank_transfer", amount: "20" }),
  ).orderId;
  const webhookId = expectOk<{ endpoint: { id: string } }>(
    await call("POST", "/api/tenant/webhook", {
      url: "https://203.0.113.10/hooks",
      events: ["job.completed"],
    }),
  ).endpoint.id;
  const webhookDeliveryId = expectOk<{ id: string }>(
    await call("POST", `/api/tenant/webhook/s/${webhookId}/ping`),
  ).id;
  return {
    tenantId,
    owner,
    member,
    customRoleId,
    extra: { noticeId, inviteId, ledgerEntryId: entry.id, rechargeOrderId, webhookId, webhookDeliveryId },
  };
}

/** Everything stored for one organisation, to prove a sequence of calls changed nothing. */
export async function snapshotTenant(t: TestApp, tenantId: string) {
  const db = t.database.db;
  const noticeRows = await db.select().from(notices).where(eq(notices.tenantId, tenantId));
  return JSON.stringify(
    {
      tenant: await db.select().from(tenants).where(eq(tenants.id, tenantId)),
      roles: await db.select().from(roles).where(eq(roles.tenantId, tenantId)),
      members: await db.select().from(tenantMembers).where(eq(tenantMembers.tenantId, tenantId)),
      invitations: await db.select().from(invitations).where(eq(invitations.tenantId, tenantId)),
      recharges: await db.select().from(rechargeOrders).where(eq(rechargeOrders.tenantId, tenantId)),
      webhooks: await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.tenantId, tenantId)),
      deliveries: await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.tenantId, tenantId)),
      notices: noticeRows,
      reads: noticeRows.length
        ? await db
            .select()
            .from(noticeReads)
            .where(
              inArray(
                noticeReads.noticeId,
                noticeRows.map((n) => n.id),
              ),
            )
        : [],
    },
    (_key, value) => (typeof value === "bigint" ? value.toString() : value),
  );
}
