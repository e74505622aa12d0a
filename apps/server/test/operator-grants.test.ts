import type { OperatorAuditPage, OperatorMe, OperatorView } from "@nc/contracts/operator";
import { ALL_OPERATOR_PERMISSIONS } from "@nc/contracts/operator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UsageError } from "../src/cli/command";
import { operatorCommands } from "../src/cli/commands/operator";
import { operatorName } from "../src/features/audit/audit-service";
import { expectError, expectFieldError, expectOk } from "./helpers/accounts";
import { runCommand } from "./helpers/cli";
import {
  as,
  CONSOLE_ENV,
  cliGrant,
  type PartnerSide,
  partnerSide,
  platformOperator,
  register,
  type SiteUser,
} from "./helpers/operators";
import { createTestApp, type TestApp } from "./helpers/test-app";

const IP = "203.0.113.7";
const PARTNER_RIGHTS = ALL_OPERATOR_PERMISSIONS.filter(
  (right) => right !== "operator.partner:create" && right !== "operator.provider:read",
);

/** Who may open the console and who may change whom (docs/operations.md, "The operator console"). */
describe("operator grants: CLI and console", () => {
  let t: TestApp;
  let a: PartnerSide;
  let platform: SiteUser;
  beforeAll(async () => {
    t = await createTestApp(CONSOLE_ENV);
    a = await partnerSide(t, "Alpha");
    platform = await platformOperator(t);
  });
  afterAll(() => t.close());

  const cli = (action: string, values: Record<string, string | boolean>) =>
    runCommand(t, operatorCommands, action, values);
  const me = (user: SiteUser) => as(t, user)("GET", "/api/operator/me");
  const grant = (by: SiteUser, body: object) =>
    as(t, by)("POST", "/api/operator/operators", body, { ip: IP });
  const grantBody = (user: SiteUser, permissions: string[], extra: object = {}) => ({
    email: user.email,
    partnerId: a.partner.id,
    scope: "partner",
    permissions,
    ...extra,
  });
  const auditOf = async (by: SiteUser, targetId: string) =>
    expectOk<OperatorAuditPage>(await as(t, by)("GET", "/api/operator/audit?limit=100")).items.filter(
      (e) => e.targetId === targetId,
    );

  it("CLI grant makes the first platform operator, with every right, recorded with the shell user", async () => {
    const first = await register(t, undefined, "First Operator");
    expectError(await me(first), 403, 40300);
    const ran = await cli("grant", { email: first.email, platform: true, permissions: "all" });
    expect(ran.code).toBe(0);
    expect(ran.out).toContain(`${first.email} (NumberCheck) is a platform operator`);
    const view = expectOk<OperatorMe>(await me(first));
    expect(view).toMatchObject({
      userId: first.id,
      email: first.email,
      scope: "platform",
      partnerName: "NumberCheck",
    });
    expect([...view.permissions].sort()).toEqual([...ALL_OPERATOR_PERMISSIONS].sort());
    const [event] = await auditOf(first, first.id);
    expect(event).toMatchObject({
      action: "operator.granted",
      actorLabel: operatorName(),
      ip: null,
      details: { scope: "platform", before: {}, after: { scope: "platform" } },
    });
  });

  it("CLI grant on a partner leaves out the platform-only rights of 'all' and refuses what the scope cannot hold", async () => {
    expect(expectOk<OperatorMe>(await me(a.operator)).permissions.sort()).toEqual([...PARTNER_RIGHTS].sort());
    const user = await register(t, a.host, "Alpha Clerk");
    const platformOnly = await cli("grant", {
      email: user.email,
      partner: a.partner.id,
      permissions: "operator.provider:read",
    });
    expect(platformOnly).toMatchObject({ code: 1 });
    expect(platformOnly.out).toContain("--permissions: platform_only");
    const platformOnPartner = await cli("grant", {
      email: user.email,
      partner: a.partner.id,
      platform: true,
      permissions: "all",
    });
    expect(platformOnPartner.code).toBe(1);
    expect(platformOnPartner.out).toContain("--scope: invalid_value");
    const nobody = await cli("grant", {
      email: "nobody@example.com",
      partner: a.partner.id,
      permissions: "all",
    });
    expect(nobody.code).toBe(1);
    expect(nobody.out).toContain("--email: user_not_found");
    await expect(cli("grant", { email: user.email, permissions: "operator.everything:do" })).rejects.toThrow(
      UsageError,
    );
    expectError(await me(user), 403, 40300);
  });

  it("CLI list shows every operator; revoke ends the rights at once and says so when there were none", async () => {
    const user = await register(t, a.host, "Alpha Temp");
    await cliGrant(t, user, { partner: a.partner.id, permissions: "operator.customer:read" });
    expectOk(await me(user));
    const listed = JSON.parse((await cli("list", {})).out) as {
      email: string;
      scope: string;
      permissions: string;
    }[];
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: user.email,
          scope: "partner",
          permissions: "operator.customer:read",
        }),
        expect.objectContaining({ email: platform.email, scope: "platform" }),
      ]),
    );
    const revoked = await cli("revoke", { email: user.email, partner: a.partner.id });
    expect(revoked).toMatchObject({ code: 0 });
    expect(revoked.out).toContain("is no longer an operator");
    expectError(await me(user), 403, 40300);
    expect((await cli("revoke", { email: user.email, partner: a.partner.id })).out).toContain(
      "was not an operator",
    );
    expect((await cli("revoke", { email: user.email })).code).toBe(1);
  });

  it("a partner operator grants and changes rights within their own, audited with e-mail, IP and before/after", async () => {
    const clerk = await register(t, a.host, "Alpha Clerk Two");
    const made = expectOk<OperatorView>(
      await grant(a.operator, grantBody(clerk, ["operator.customer:read"])),
    );
    expect(made).toMatchObject({
      userId: clerk.id,
      scope: "partner",
      partnerId: a.partner.id,
      permissions: ["operator.customer:read"],
      grantedBy: a.operator.email,
    });
    expect(expectOk<OperatorMe>(await me(clerk)).permissions).toEqual(["operator.customer:read"]);
    const changed = expectOk<OperatorView>(
      await grant(a.operator, grantBody(clerk, ["operator.recharge:read", "operator.customer:read"])),
    );
    expect(changed.permissions).toEqual(["operator.customer:read", "operator.recharge:read"]);
    const events = await auditOf(a.operator, clerk.id);
    expect(events.map((e) => e.details.before)).toEqual([
      { scope: "partner", permissions: ["operator.customer:read"] },
      {},
    ]);
    expect(events[0]).toMatchObject({
      action: "operator.granted",
      actorLabel: a.operator.email,
      ip: IP,
      details: {
        after: { scope: "partner", permissions: ["operator.customer:read", "operator.recharge:read"] },
      },
    });

    const gone = expectOk(
      await as(t, a.operator)("DELETE", `/api/operator/operators/${clerk.id}`, undefined, { ip: IP }),
    );
    expect(gone).toEqual({ revoked: true });
    expectError(await me(clerk), 403, 40300);
    expect((await auditOf(a.operator, clerk.id))[0]).toMatchObject({
      action: "operator.revoked",
      actorLabel: a.operator.email,
      ip: IP,
    });
    // Revoked already: nothing of theirs within reach any more.
    expectError(await as(t, a.operator)("DELETE", `/api/operator/operators/${clerk.id}`), 404, 40400);
  });

  it("says what a grant did in the reader's language in the audit log", async () => {
    const summaries = await Promise.all(
      ["en", "es", "pt", "zh-Hans"].map(async (lang) => {
        const res = await as(t, a.operator)("GET", "/api/operator/audit?limit=100", undefined, {
          headers: { "accept-language": lang },
        });
        const grant = expectOk<OperatorAuditPage>(res).items.find((e) => e.action === "operator.granted");
        return grant!.summary;
      }),
    );
    expect(summaries.every((text) => text.length > 0 && !text.includes("operator.granted"))).toBe(true);
    expect(new Set(summaries).size).toBe(4);
  });

  it("nobody grants a right they do not hold", async () => {
    const limited = await register(t, a.host, "Alpha Limited");
    await cliGrant(t, limited, {
      partner: a.partner.id,
      permissions: "operator.operator:grant,operator.operator:read,operator.customer:read",
    });
    const clerk = await register(t, a.host, "Alpha Clerk Three");
    const res = await grant(limited, grantBody(clerk, ["operator.customer:read", "operator.balance:adjust"]));
    expectFieldError(res, "permissions", "permission_not_held");
    expectError(await me(clerk), 403, 40300);
    expectOk(await grant(limited, grantBody(clerk, ["operator.customer:read"])));
  });

  it("a partner operator grants neither platform scope nor platform-only rights", async () => {
    const clerk = await register(t, a.host, "Alpha Clerk Four");
    expectFieldError(
      await grant(a.operator, grantBody(clerk, ["operator.customer:read"], { scope: "platform" })),
      "scope",
      "platform_only",
    );
    expectFieldError(
      await grant(a.operator, grantBody(clerk, ["operator.partner:create"])),
      "permissions",
      "platform_only",
    );
    expectError(await me(clerk), 403, 40300);
  });

  it("nobody changes their own rights, by grant or revoke", async () => {
    for (const user of [a.operator, platform]) {
      const own = expectOk<OperatorMe>(await me(user));
      const res = await grant(user, {
        email: user.email,
        partnerId: own.partnerId,
        scope: own.scope,
        permissions: ["operator.customer:read"],
      });
      expectError(res, 403, 40300);
      expectError(await as(t, user)("DELETE", `/api/operator/operators/${user.id}`), 403, 40300);
      expect(expectOk<OperatorMe>(await me(user)).permissions).toEqual(own.permissions);
    }
  });

  it("nobody changes or revokes an operator who holds rights the grantor lacks", async () => {
    const limited = await register(t, a.host, "Alpha Limited Two");
    await cliGrant(t, limited, {
      partner: a.partner.id,
      permissions: "operator.operator:grant,operator.customer:read",
    });
    const before = expectOk<OperatorMe>(await me(a.operator)).permissions;
    expectError(await grant(limited, grantBody(a.operator, ["operator.customer:read"])), 403, 40300);
    expectError(await as(t, limited)("DELETE", `/api/operator/operators/${a.operator.id}`), 403, 40300);
    expect(expectOk<OperatorMe>(await me(a.operator)).permissions).toEqual(before);
  });

  it("names the field of a bad grant body", async () => {
    const clerk = await register(t, a.host, "Alpha Clerk Five");
    const base = grantBody(clerk, ["operator.customer:read"]);
    expectFieldError(await grant(a.operator, { ...base, email: "not-an-email" }), "email", "invalid_email");
    expectFieldError(
      await grant(a.operator, { ...base, email: "ghost@example.com" }),
      "email",
      "user_not_found",
    );
    expectFieldError(await grant(a.operator, { ...base, permissions: [] }), "permissions", "too_few");
    const unknown = await grant(a.operator, { ...base, permissions: ["operator.everything:do"] });
    const fields = expectError<{ fields: { field: string; reason: string }[] }>(unknown, 400, 40001).data
      .fields;
    expect(fields.map((f) => [f.field.split(".")[0], f.reason])).toEqual([
      ["permissions", "unknown_permission"],
    ]);
    expectError(await grant(a.operator, { ...base, scope: "god" }), 400, 40001);
    expectFieldError(await grant(a.operator, { ...base, partnerId: "alpha" }), "partnerId", "invalid_format");
    expectError(await as(t, a.operator)("DELETE", "/api/operator/operators/not-a-uuid"), 400, 40001);
    expectError(await me(clerk), 403, 40300);
  });

  it("answers a grant naming another partner the same whether or not the e-mail has an account there", async () => {
    const other = await partnerSide(t, "Gamma");
    const known = await grant(a.operator, {
      ...grantBody(other.owner, ["operator.customer:read"]),
      partnerId: other.partner.id,
    });
    const unknown = await grant(a.operator, {
      ...grantBody(other.owner, ["operator.customer:read"]),
      email: "ghost@example.com",
      partnerId: other.partner.id,
    });
    expectFieldError(known, "partnerId", "outside_partner");
    expect(unknown.json()).toEqual(known.json());
  });
});
