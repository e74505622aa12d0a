import { z } from "zod";
import { captchaSchema, emailSchema, nameSchema, passwordSchema, type SessionUser } from "./auth";
import type { RoleRef } from "./tenancy";

/** Members of an organisation and invitations by e-mail, as the dashboard API speaks of them. */
export const INVITE_VALID_DAYS = 7;
/** Invitations one organisation may send (or re-send) per hour. */
export const INVITES_PER_TENANT_PER_HOUR = 50;

export const memberRoleBody = z.object({ roleId: z.uuid() });
export const inviteBody = z.object({ email: emailSchema, roleId: z.uuid() });
export const inviteTokenSchema = z.string().trim().min(1).max(256);
export const inviteTokenBody = z.object({ token: inviteTokenSchema });
export const inviteRegisterBody = z.object({
  token: inviteTokenSchema,
  name: nameSchema,
  password: passwordSchema,
  captcha: captchaSchema,
  locale: z.string().max(16).optional(),
});

export type MemberRoleBody = z.infer<typeof memberRoleBody>;
export type InviteBody = z.infer<typeof inviteBody>;
export type InviteRegisterBody = z.infer<typeof inviteRegisterBody>;

export interface MemberRole extends RoleRef {
  super: boolean;
}

/** A role offered when inviting or changing a member, with what it grants (to hide what one cannot give). */
export interface AssignableRole extends MemberRole {
  permissions: string[];
}

export interface Member {
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  joinedAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: MemberRole;
  invitedBy: { id: string; name: string } | null;
  createdAt: string;
  expiresAt: string;
}

/** What the public check of an invitation token tells its holder. */
export interface InviteCheck {
  tenantName: string;
  email: string;
  roleName: string;
  roleKey: string | null;
  inviterName: string | null;
  expiresAt: string;
  /** An account with the invited e-mail exists on this site: sign in, else register. */
  hasAccount: boolean;
}

export interface InviteAccepted {
  tenantId: string;
}

export interface InviteRegistered extends InviteAccepted {
  user: SessionUser;
  expiresAt: string;
}
