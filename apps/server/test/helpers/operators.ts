import type { AccountOverview, TransactionPage } from "@nc/contracts/account";
import type { OperatorRechargeView } from "@nc/contracts/operator";
import type { RechargeOrder } from "@nc/contracts/recharge";
import { expect } from "vitest";
import { operatorCommands } from "../../src/cli/commands/operator";
import type { PartnerRow } from "../../src/core/request-context";
import { type Account, call, expectOk, registerUser, type Via } from "./accounts";
import { runCommand } from "./cli";
import type { TestApp } from "./test-app";

/** What the operator console tests start the app with: bank transfers on, orders of 5 to 1000. */
export const CONSOLE_ENV = {
  BANK_TRANSFER_DETAILS: "IBAN DE89 3704 0044 0532 0130 00 · NumberCheck Ltd",
  RECHARGE_MIN: "5",
  RECHARGE_MAX: "1000",
};

/** A signed-in user and the host of the partner site their session belongs to. */
export interface SiteUser extends Account {
  host: string | undefined;
}

/** Calls as the user, on their partner's host (a session is only valid on its own site). */
export const as =
  (t: TestApp, user: SiteUser) =>
  (method: "GET" | "POST" | "DELETE", url: string, payload?: object, via: Via = {}) =>
    call(t, method, url, payload, { sid: user.sid, host: user.host, ...via });

export const register = async (t: TestApp, host: string | undefined, name?: string): Promise<SiteUser> => ({
  ...(await registerUser(t, { host, name })),
  host,
});

/** An organisation owned by the user, made on the user's site. */
export async function customerOf(t: TestApp, owner: SiteUser, name: string): Promise<string> {
  return expectOk<{ id: string }>(await as(t, owner)("POST", "/api/tenant", { name })).id;
}

/** A pending bank-transfer order the organisation's owner placed. */
export async function bankOrder(t: TestApp, owner: SiteUser, tenantId: string, amount = "100") {
  const res = await as(t, owner)(
    "POST",
    "/api/tenant/recharge",
    { method: "bank_transfer", amount },
    { headers: { "x-tenant-id": tenantId } },
  );
  return expectOk<{ orderId: string; reference: string; order: RechargeOrder }>(res);
}

/** The CLI's `operator grant`, as the person at the server's shell runs it. */
export async function cliGrant(
  t: TestApp,
  user: { email: string },
  options: { partner?: string; platform?: boolean; permissions?: string } = {},
) {
  const ran = await runCommand(t, operatorCommands, "grant", {
    email: user.email,
    permissions: options.permissions ?? "all",
    ...(options.partner ? { partner: options.partner } : {}),
    ...(options.platform ? { platform: true } : {}),
  });
  expect(ran, ran.out).toMatchObject({ code: 0 });
  return ran;
}

/** One partner site with a partner operator holding every partner right, and a customer with an order. */
export interface PartnerSide {
  partner: PartnerRow;
  host: string;
  operator: SiteUser;
  owner: SiteUser;
  tenantId: string;
  orderId: string;
}

export async function partnerSide(t: TestApp, label: string): Promise<PartnerSide> {
  const sub = `${label.toLowerCase()}${Date.now().toString(36)}`;
  const partner = await t.app.services.partners.create({ name: `${label} Numbers`, subDomain: sub });
  const host = `${sub}.localhost`;
  const operator = await register(t, host, `${label} Operator`);
  await cliGrant(t, operator, { partner: partner.id });
  const owner = await register(t, host, `${label} Owner`);
  const tenantId = await customerOf(t, owner, `${label} Customer Org`);
  const { orderId } = await bankOrder(t, owner, tenantId, "40");
  return { partner, host, operator, owner, tenantId, orderId };
}

/** A platform operator (a user of the default site) holding every right, made by the CLI. */
export async function platformOperator(t: TestApp): Promise<SiteUser> {
  const user = await register(t, undefined, "Platform Operator");
  await cliGrant(t, user, { platform: true });
  return user;
}

/** What the organisation's owner sees of its money on their own pages: balance, ledger, notices. */
export function ownerPages(t: TestApp, owner: SiteUser, tenantId: string) {
  const mine = (url: string) => as(t, owner)("GET", url, undefined, { headers: { "x-tenant-id": tenantId } });
  return {
    account: async () => expectOk<AccountOverview>(await mine("/api/tenant/account")),
    balance: async () => expectOk<AccountOverview>(await mine("/api/tenant/account")).balanceMicros,
    ledger: async () => expectOk<TransactionPage>(await mine("/api/tenant/account/transactions")).data,
    notices: async () =>
      expectOk<{ data: { type: string; title: string }[] }>(await mine("/api/tenant/notice")).data,
  };
}

/** A new customer of the partner: its owner, the organisation, and what the owner sees of its money. */
export async function newCustomer(t: TestApp, host: string, name: string) {
  const owner = await register(t, host, `${name} Owner`);
  const tenantId = await customerOf(t, owner, name);
  return { owner, tenantId, ...ownerPages(t, owner, tenantId) };
}

/** POST /api/operator/recharges/:id/confirm's answer. */
export type Confirmed = { order: OperatorRechargeView; credited: boolean };
