import type { BuiltInRoleKey } from "@nc/contracts/permission-catalog";
import { eq } from "drizzle-orm";
import { invitations } from "../../src/db/schema/index";
import { type Account, call, expectOk, mailsTo, type Via } from "./accounts";
import { inTenant, roleId } from "./tenancy";
import type { TestApp } from "./test-app";

export interface InvitationDto {
  id: string;
  email: string;
  role: { id: string; name: string; key: string | null; super: boolean };
  invitedBy: { id: string; name: string } | null;
  createdAt: string;
  expiresAt: string;
}

/** The accept link of the last invitation e-mailed to an address. */
export async function inviteLinkFor(t: TestApp, email: string): Promise<URL> {
  const mails = await mailsTo(t, email);
  for (let i = mails.length - 1; i >= 0; i--) {
    const match = /(https?:\/\/\S+\/accept-invite\?token=\S+)/.exec(mails[i]!.text);
    if (match) return new URL(match[1]!);
  }
  throw new Error(`no invitation e-mailed to ${email}`);
}

export async function inviteTokenFor(t: TestApp, email: string): Promise<string> {
  return (await inviteLinkFor(t, email)).searchParams.get("token")!;
}

/** Invites an address into the organisation as the user, returning the invitation and its token. */
export async function invite(
  t: TestApp,
  by: Account,
  tenantId: string,
  email: string,
  role: BuiltInRoleKey = "operator",
): Promise<{ invitation: InvitationDto; token: string }> {
  const invitation = expectOk<InvitationDto>(
    await inTenant(t, by, tenantId)("POST", "/api/tenant/invite", {
      email,
      roleId: await roleId(t, tenantId, role),
    }),
  );
  return { invitation, token: await inviteTokenFor(t, email) };
}

/** Moves an invitation's expiry into the past, as if 7 days had gone by. */
export async function expireInvitation(t: TestApp, id: string) {
  await t.database.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invitations.id, id));
}

export const publicInvite = (t: TestApp, path: string, payload: object, via: Via = {}) =>
  call(t, "POST", `/api/tenant/pub/invite/${path}`, payload, via);
