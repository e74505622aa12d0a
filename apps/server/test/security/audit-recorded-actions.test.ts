import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { AuditPage } from "@nc/contracts/audit";
import type { WebhookEndpointCreatedView } from "@nc/contracts/webhooks";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceCommands } from "../../src/cli/commands/balance";
import { partnerCommands } from "../../src/cli/commands/partner";
import { queryRows } from "../../src/db/query";
import { describe as describeEvent } from "../../src/features/audit/audit-service";
import { type Account, call, expectOk, registerUser } from "../helpers/accounts";
import { runCommand } from "../helpers/cli";
import { inviteTokenFor } from "../helpers/invitations";
import { createTenant, inTenant, memberWithRole, roleId } from "../helpers/tenancy";
import { createTestApp, type TestApp } from "../helpers/test-app";

/**
 * Each change the audit log promises (docs/security.md, "Audit log") leaves exactly one event,
 * written in the change's transaction: a change that fails leaves none.
 */
describe("security: audit log records each change", () => {
  let t: TestApp;
  let owner: Account;
  let tenantId: string;
  let api: ReturnType<typeof inTenant>;
  beforeAll(async () => {
    t = await createTestApp({ WEBHOOK_ALLOW_PRIVATE_TARGETS: "true" });
    owner = await registerUser(t);
    tenantId = await createTenant(t, owner, "Audited Org");
    api = inTenant(t, owner, tenantId);
  });
  afterAll(() => t.close());

  async function latest(action: string) {
    const page = expectOk<AuditPage>(
      await api("GET", `/api/tenant/audit?action=${action}&limit=100`, undefined, { "x-locale": "en" }),
    );
    return page.data;
  }

  it("organisation created, renamed, account settings changed", async () => {
    const [created] = await latest("organisation.created");
    expect(created).toMatchObject({
      actor: { id: owner.id },
      description: "Created the organisation “Audited Org”",
    });
    expectOk(await api("POST", `/api/tenant/s/${tenantId}`, { name: "Audited Ltd" }));
    const [updated] = await latest("organisation.updated");
    expect(updated!.description).toBe("Changed the organisation: Name: Audited Org → Audited Ltd");
    expectOk(await api("POST", "/api/tenant/account/settings", { lowBalanceThreshold: "5" }));
    const [settings] = await latest("organisation.settings_updated");
    expect(settings!.description).toBe("Changed the account settings: Low-balance threshold: — → $5.00");
  });

  it("API keys created, rolled and revoked, never with their secret", async () => {
    const made = expectOk<ApiKeyCreatedView>(
      await api("POST", "/api/tenant/apikey", { name: "ci", scopes: ["check"], mode: "test" }),
    );
    const rolled = expectOk<ApiKeyCreatedView>(
      await api("POST", `/api/tenant/apikey/s/${made.key.id}/roll`, { graceHours: 24 }),
    );
    expectOk(await api("POST", `/api/tenant/apikey/s/${rolled.key.id}/revoke`));
    // Revoking a key already closed fails: the failed change leaves no event.
    expect((await api("POST", `/api/tenant/apikey/s/${rolled.key.id}/revoke`)).json().code).not.toBe(0);
    const events = await latest("api_key");
    expect(events.map((e) => e.action)).toEqual(["api_key.revoked", "api_key.rolled", "api_key.created"]);
    expect(events[2]!.description).toBe("Created the test API key “ci”");
    expect(events[1]!.target).toEqual({ type: "api_key", id: made.key.id });
    const raw = JSON.stringify(events);
    for (const secret of [made.secret, rolled.secret]) expect(raw).not.toContain(secret);
  });

  it("webhooks created, changed, secret replaced, deleted, never with their secret", async () => {
    const made = expectOk<WebhookEndpointCreatedView>(
      await api("POST", "/api/tenant/webhook", { url: "http://127.0.0.1:9/hook", events: ["job.completed"] }),
    );
    const id = made.endpoint.id;
    expectOk(await api("POST", `/api/tenant/webhook/s/${id}`, { description: "ops" }));
    const rolled = expectOk<WebhookEndpointCreatedView>(
      await api("POST", `/api/tenant/webhook/s/${id}/roll`),
    );
    expectOk(await api("DELETE", `/api/tenant/webhook/s/${id}`));
    expect((await api("DELETE", `/api/tenant/webhook/s/${id}`)).statusCode).toBe(404);
    const events = await latest("webhook");
    expect(events.map((e) => e.action)).toEqual([
      "webhook.deleted",
      "webhook.secret_rotated",
      "webhook.updated",
      "webhook.created",
    ]);
    expect(events[2]!.description).toBe("Changed the webhook http://127.0.0.1:9/hook: Description: — → ops");
    const raw = JSON.stringify(events);
    for (const secret of [made.secret, rolled.secret]) expect(raw).not.toContain(secret);
  });

  it("exports downloaded", async () => {
    const res = await api("GET", "/api/tenant/account/transactions/export?format=csv");
    expect(res.statusCode).toBe(200);
    const [event] = await latest("export.downloaded");
    expect(event).toMatchObject({
      details: { kind: "transactions", format: "csv" },
      actor: { id: owner.id },
    });
    expect(event!.description).toBe("Downloaded transactions (csv)");
  });

  it("operator balance changes from the CLI, as operator with the OS user; a refused one leaves none", async () => {
    const before = process.env.USER;
    process.env.USER = "alice-ops";
    try {
      const add = await runCommand(t, balanceCommands, "add", {
        tenant: tenantId,
        amount: "12.5",
        reason: "goodwill",
      });
      expect(add.code).toBe(0);
      const sub = await runCommand(t, balanceCommands, "sub", {
        tenant: tenantId,
        amount: "999",
        reason: "too much",
      });
      expect(sub.code).toBe(1);
    } finally {
      process.env.USER = before;
    }
    const events = await latest("balance");
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: "balance.added",
      actor: { type: "operator", name: "alice-ops" },
      details: { reason: "goodwill", amountMicros: "12500000" },
    });
    expect(events[0]!.description).toBe("Added $12.50 to the balance: goodwill");
  });
  it("roles made, changed and deleted; members' roles changed and members removed; a refused change leaves none", async () => {
    const made = expectOk<{ id: string }>(
      await api("POST", "/api/tenant/role", { name: "Auditors", permissions: ["notice:read"] }),
    );
    expectOk(
      await api("POST", `/api/tenant/role/s/${made.id}`, {
        name: "Auditors",
        permissions: ["audit:read", "notice:read"],
      }),
    );
    // A duplicate name is refused: nothing recorded for it.
    expect(
      (await api("POST", "/api/tenant/role", { name: "Auditors", permissions: [] })).json().code,
    ).not.toBe(0);
    const member = await memberWithRole(t, tenantId, "viewer");
    expectOk(
      await api("POST", `/api/tenant/tenant_user/s/${member.id}`, {
        roleId: await roleId(t, tenantId, "finance"),
      }),
    );
    expectOk(await api("DELETE", `/api/tenant/tenant_user/s/${member.id}`));
    expectOk(await api("DELETE", `/api/tenant/role/s/${made.id}`));
    const roles = await latest("role");
    expect(roles.map((e) => e.action)).toEqual(["role.deleted", "role.updated", "role.created"]);
    expect(roles[1]!.description).toBe("Changed the role “Auditors”: Permissions: + audit:read");
    const members = await latest("member");
    expect(members.map((e) => e.action)).toEqual(["member.removed", "member.role_changed"]);
    expect(members[1]!.description).toBe(
      `Changed the role of ${member.name} (${member.email}) from Viewer to Finance`,
    );
    expect(members[0]!.target).toEqual({ type: "user", id: member.id });
    const zh = expectOk<AuditPage>(
      await api("GET", "/api/tenant/audit?action=member.role_changed", undefined, { "x-locale": "zh-Hans" }),
    );
    expect(zh.data[0]!.description).toContain("财务");
  });

  it("invitations sent, withdrawn and accepted", async () => {
    const invited = await registerUser(t);
    const viewerRole = await roleId(t, tenantId, "viewer");
    const first = expectOk<{ id: string }>(
      await api("POST", "/api/tenant/invite", { email: "gone@example.com", roleId: viewerRole }),
    );
    expectOk(await api("DELETE", `/api/tenant/invite/s/${first.id}`));
    expectOk(await api("POST", "/api/tenant/invite", { email: invited.email, roleId: viewerRole }));
    const token = await inviteTokenFor(t, invited.email);
    expectOk(
      await call(
        t,
        "POST",
        "/api/tenant/pub/invite/accept/has_user",
        { token },
        { sid: invited.sid, ip: "198.51.100.7" },
      ),
    );
    const events = await latest("invitation");
    expect(events.map((e) => e.action)).toEqual([
      "invitation.accepted",
      "invitation.created",
      "invitation.revoked",
      "invitation.created",
    ]);
    expect(events[0]).toMatchObject({ actor: { id: invited.id }, ip: "198.51.100.7" });
    expect(events[0]!.description).toBe(`Accepted the invitation (${invited.email}) and joined as Viewer`);
    expect(events[2]!.description).toBe("Withdrew the invitation of gone@example.com");
    expect(JSON.stringify(events)).not.toContain(token);
  });
  it("partners created and changed by an operator, outside any organisation", async () => {
    const made = await runCommand(t, partnerCommands, "create", {
      name: "Audit Brand",
      domain: "audit.example",
    });
    expect(made.code).toBe(0);
    const id = /\(([0-9a-f-]{36})\)/.exec(made.out)![1]!;
    expect((await runCommand(t, partnerCommands, "update", { id, name: "Audit Brand 2" })).code).toBe(0);
    const rows = await queryRows<{
      tenant_id: string | null;
      actor_type: string;
      action: string;
      details: Record<string, unknown>;
    }>(
      t.database.db,
      sql`select tenant_id, actor_type, action, details from audit_events where target_id = ${id} order by created_at, id`,
    );
    expect(rows.map((r) => [r.tenant_id, r.actor_type, r.action])).toEqual([
      [null, "operator", "partner.created"],
      [null, "operator", "partner.updated"],
    ]);
    expect(describeEvent(rows[1]!, "en")).toBe(
      "Changed the partner “Audit Brand 2”: Name: Audit Brand → Audit Brand 2",
    );
  });
});
