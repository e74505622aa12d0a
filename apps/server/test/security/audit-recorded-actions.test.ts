import type { ApiKeyCreatedView } from "@nc/contracts/api-keys";
import type { AuditPage } from "@nc/contracts/audit";
import type { WebhookEndpointCreatedView } from "@nc/contracts/webhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { balanceCommands } from "../../src/cli/commands/balance";
import { type Account, expectOk, registerUser } from "../helpers/accounts";
import { runCommand } from "../helpers/cli";
import { createTenant, inTenant } from "../helpers/tenancy";
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
});
