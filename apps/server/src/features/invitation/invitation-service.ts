import type { SessionUser } from "@nc/contracts/auth";
import { isLocale, type Locale, localizePath } from "@nc/contracts/locales";
import {
  INVITE_VALID_DAYS,
  INVITES_PER_TENANT_PER_HOUR,
  type Invitation,
  type InviteAccepted,
  type InviteBody,
  type InviteCheck,
  type InviteRegisterBody,
} from "@nc/contracts/members";
import { canGrant, hasAnyPermission, type PermissionHolder } from "@nc/contracts/permissions";
import { v7 as uuidv7 } from "uuid";
import { AppError, fieldError } from "../../core/app-error";
import type { AuditMeta, Caller, PartnerRow, TenantContext } from "../../core/request-context";
import { HOUR_MS } from "../../core/time";
import { randomToken, sha256 } from "../../core/tokens";
import { translate } from "../../i18n/translate";
import type { Services } from "../../services";
import { assertStrongPassword, hashPassword } from "../auth/index";
import { memberRepo } from "../member/index";
import { enforceLimits } from "../rate-limit/index";
import { assertMayGrant } from "../role/index";
import { type InvitationByToken, type InvitationView, invitationRepo } from "./invitation-repo";

const VALID_MS = INVITE_VALID_DAYS * 24 * 3_600_000;

/** What sending an invitation takes (the invite route's permission). */
export const INVITE_PERMISSIONS = ["tenant_user:create"] as const;

/**
 * An invitation speaks for its inviter, as an API key does for its creator: it is accepted only
 * while the inviter may still invite and still give the role, with their rights and the role's as
 * they are at acceptance (docs/security.md, "Roles and rights inside an organisation").
 */
export function inviterMayGrant(inviter: PermissionHolder | null, role: PermissionHolder): boolean {
  return inviter !== null && hasAnyPermission(inviter, INVITE_PERMISSIONS) && canGrant(inviter, role);
}
export const ACCEPT_INVITE_PATH = "/accept-invite";

function toInvitation(view: InvitationView): Invitation {
  const { invitation, role, inviter } = view;
  return {
    id: invitation.id,
    email: invitation.email,
    role: { id: role.id, name: role.name, key: role.key, super: role.isSuper },
    invitedBy: inviter?.id ? { id: inviter.id, name: inviter.name } : null,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}

/** Who sends an invitation, and the origin its link points at. */
export interface Inviter {
  caller: Caller;
  user: { id: string; name: string };
  publicUrl: string;
}

/**
 * Invitations by e-mail. The token (256 random bits) travels only in the e-mail; the table keeps
 * its SHA-256. A token works once, for 7 days, for the invited address, until revoked or replaced.
 */
export function invitationService(s: Services) {
  const db = s.database.db;
  const repo = invitationRepo(db);
  const members = memberRepo(db);

  async function tenantLimit(tenantId: string) {
    await enforceLimits(s.rateStore, [
      { key: `invite:tenant:${tenantId}`, max: INVITES_PER_TENANT_PER_HOUR, windowMs: HOUR_MS },
    ]);
  }

  /** Issues a fresh token for the address (revoking open ones) and e-mails the link. */
  async function issue(
    ctx: TenantContext,
    from: Inviter,
    email: string,
    role: InvitationView["role"],
  ): Promise<Invitation> {
    // Inviting with a role grants it: the same rule as giving a member a role.
    assertMayGrant(ctx, role);
    if (await members.isMemberByEmail(ctx.id, from.caller.partner.id, email))
      throw new AppError("alreadyMember");
    const token = randomToken();
    const row = await repo.createReplacing(
      {
        tenantId: ctx.id,
        email,
        roleId: role.id,
        tokenHash: sha256(token),
        invitedBy: from.user.id,
        expiresAt: new Date(Date.now() + VALID_MS),
      },
      (tx, made) =>
        s.audit.record(tx, {
          tenantId: ctx.id,
          actor: { type: "user", id: from.user.id },
          ip: from.caller.ip,
          userAgent: from.caller.userAgent,
          action: "invitation.created",
          target: { type: "invitation", id: made.id },
          details: { email, role: role.name, ...(role.key ? { roleKey: role.key } : {}) },
        }),
    );
    const existing = await s.users.byEmail(from.caller.partner.id, email);
    const locale: Locale = isLocale(existing?.locale) ? existing.locale : from.caller.locale;
    const link = `${from.publicUrl}${localizePath(ACCEPT_INVITE_PATH, locale)}?token=${encodeURIComponent(token)}`;
    await s.mailer.send({
      partnerId: from.caller.partner.id,
      site: s.partners.siteInfo(from.caller.partner),
      to: email,
      locale,
      template: "invitation",
      params: {
        link,
        inviter: from.user.name,
        tenant: ctx.name,
        role: role.key ? translate(locale, `emails:roles.${role.key}`) : role.name,
        days: INVITE_VALID_DAYS,
      },
    });
    return toInvitation({ invitation: row, role, inviter: from.user });
  }

  /** The invitation behind a token if it still works on this site; otherwise inviteInvalid. */
  async function usable(partner: PartnerRow, token: string): Promise<InvitationByToken> {
    const found = await repo.byTokenHash(sha256(token));
    const { invitation, tenant } = found ?? {};
    if (
      !found ||
      !invitation ||
      !tenant ||
      tenant.partnerId !== partner.id ||
      tenant.status !== "active" ||
      invitation.acceptedAt ||
      invitation.rejectedAt ||
      invitation.revokedAt ||
      invitation.expiresAt.getTime() <= Date.now()
    )
      throw new AppError("inviteInvalid");
    return found;
  }

  /** The audit event of joining through an invitation, written in the joining's transaction. */
  const joined =
    (found: InvitationByToken, meta: Pick<Caller, "ip" | "userAgent">) =>
    (tx: Parameters<typeof s.audit.record>[0], at: { tenantId: string; userId: string }) =>
      s.audit.record(tx, {
        tenantId: at.tenantId,
        actor: { type: "user", id: at.userId },
        ip: meta.ip,
        userAgent: meta.userAgent,
        action: "invitation.accepted",
        target: { type: "invitation", id: found.invitation.id },
        details: {
          email: found.invitation.email,
          role: found.role.name,
          ...(found.role.key ? { roleKey: found.role.key } : {}),
        },
      });

  async function notifyInviter(found: InvitationByToken, user: { name: string; email: string }) {
    await s.notices.notify({
      tenantId: found.tenant.id,
      userId: found.inviter?.id ?? null,
      type: "invitation_accepted",
      params: { name: user.name, email: user.email, role: found.role.name, roleKey: found.role.key ?? "" },
    });
  }

  return {
    repo,

    async listPending(ctx: TenantContext): Promise<Invitation[]> {
      return (await repo.listPending(ctx.id, new Date())).map(toInvitation);
    },

    async create(ctx: TenantContext, from: Inviter, body: InviteBody): Promise<Invitation> {
      await tenantLimit(ctx.id);
      const role = await members.roleIn(ctx.id, body.roleId);
      if (!role) throw fieldError("roleId", "unknown_role");
      return issue(ctx, from, body.email, role);
    },

    /** A new link for the same address and role; the old one stops working. */
    async resend(ctx: TenantContext, from: Inviter, id: string): Promise<Invitation> {
      const found = await repo.openById(ctx.id, id);
      if (!found) throw new AppError("notFound");
      await tenantLimit(ctx.id);
      return issue(ctx, from, found.invitation.email, found.role);
    },

    async revoke(ctx: TenantContext, id: string, meta: AuditMeta) {
      const revoked = await repo.revoke(ctx.id, id, (tx, row) =>
        s.audit.record(tx, {
          tenantId: ctx.id,
          ...meta,
          action: "invitation.revoked",
          target: { type: "invitation", id },
          details: { email: row.email },
        }),
      );
      if (!revoked) throw new AppError("notFound");
      return { revoked: true };
    },

    async check(partner: PartnerRow, token: string): Promise<InviteCheck> {
      const { invitation, tenant, role, inviter } = await usable(partner, token);
      const account = await s.users.byEmail(partner.id, invitation.email);
      return {
        tenantName: tenant.name,
        email: invitation.email,
        roleName: role.name,
        roleKey: role.key,
        inviterName: inviter?.name ?? null,
        expiresAt: invitation.expiresAt.toISOString(),
        hasAccount: Boolean(account),
      };
    },

    /** A signed-in user with the invited address joins the organisation. */
    async acceptAsUser(
      partner: PartnerRow,
      user: SessionUser,
      token: string,
      meta: Pick<Caller, "ip" | "userAgent">,
    ): Promise<InviteAccepted> {
      const found = await usable(partner, token);
      const email = found.invitation.email;
      if (user.email.toLowerCase() !== email.toLowerCase())
        throw new AppError("inviteEmailMismatch", { email }, { email });
      const outcome = await repo.accept({
        id: found.invitation.id,
        now: new Date(),
        userId: user.id,
        record: joined(found, meta),
        inviterMayGrant,
      });
      if (outcome.status === "already-member") throw new AppError("alreadyMember");
      if (outcome.status === "inviter-lacks-right") throw new AppError("invitationInviterLacksRight");
      if (outcome.status !== "accepted") throw new AppError("inviteInvalid");
      await notifyInviter(found, user);
      return { tenantId: outcome.tenantId };
    },

    /**
     * Creates the account for the invited address (the token proves it) and joins, in one
     * transaction. An existing account must sign in instead.
     */
    async acceptAsNewUser(caller: Caller, body: InviteRegisterBody) {
      await enforceLimits(s.rateStore, [
        { key: `invite-register:ip:${caller.ip}`, max: 20, windowMs: HOUR_MS },
      ]);
      await s.captcha.verify(body.captcha);
      const found = await usable(caller.partner, body.token);
      const email = found.invitation.email;
      const accountExists = () => new AppError("inviteEmailMismatch", { email, hasAccount: true }, { email });
      if (await s.users.byEmail(caller.partner.id, email)) throw accountExists();
      assertStrongPassword(body.password, email);
      const outcome = await repo.accept({
        id: found.invitation.id,
        now: new Date(),
        newUser: {
          id: uuidv7(),
          partnerId: caller.partner.id,
          email,
          name: body.name,
          passwordHash: await hashPassword(body.password),
          locale: isLocale(body.locale) ? body.locale : caller.locale,
        },
        record: joined(found, caller),
        inviterMayGrant,
      });
      if (outcome.status === "account-exists") throw accountExists();
      if (outcome.status === "inviter-lacks-right") throw new AppError("invitationInviterLacksRight");
      if (outcome.status !== "accepted") throw new AppError("inviteInvalid");
      const user = await s.users.byId(outcome.userId);
      if (!user) throw new AppError("internal");
      await notifyInviter(found, user);
      const session = await s.sessions.create(user.id, { ip: caller.ip, userAgent: caller.userAgent });
      const sessionUser: SessionUser = {
        id: user.id,
        email: user.email,
        name: user.name,
        locale: user.locale,
      };
      return { tenantId: outcome.tenantId, user: sessionUser, session };
    },

    /** Declines an invitation; no account needed, the token is enough. */
    async reject(partner: PartnerRow, token: string) {
      const found = await usable(partner, token);
      if (!(await repo.reject(found.invitation.id, new Date()))) throw new AppError("inviteInvalid");
      return { rejected: true };
    },
  };
}

export type InvitationService = ReturnType<typeof invitationService>;
