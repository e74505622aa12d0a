import type { AssignableRole, Member } from "@nc/contracts/members";
import { BUILT_IN_ROLE_KEYS } from "@nc/contracts/permission-catalog";
import { AppError, fieldError } from "../../core/app-error";
import type { Db } from "../../core/db";
import type { AuditMeta, TenantContext } from "../../core/request-context";
import type { AuditService } from "../audit/index";
import type { NoticeService } from "../notice/index";
import { assertMayGrant, assertNotOwnRole } from "../role/index";
import { type MemberRow, memberRepo } from "./member-repo";

export function toMember(row: MemberRow): Member {
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    role: { id: row.role.id, name: row.role.name, key: row.role.key, super: row.role.super },
    joinedAt: row.joinedAt.toISOString(),
  };
}

/**
 * Members of the caller's organisation: list, read, change role, remove. The tenant context reads
 * membership on every request, so a change counts from the member's very next call.
 */
export function memberService(db: Db, notices: NoticeService, audit: Pick<AuditService, "record">) {
  const repo = memberRepo(db);
  return {
    repo,
    async list(ctx: TenantContext): Promise<Member[]> {
      return (await repo.list(ctx.id)).map(toMember);
    },

    /**
     * Roles to pick from when inviting or changing a member (no role:read needed), with their
     * permissions so the browser can hide those the caller may not give.
     */
    async roles(ctx: TenantContext): Promise<AssignableRole[]> {
      const rank = (key: string | null) => {
        const i = key ? (BUILT_IN_ROLE_KEYS as readonly string[]).indexOf(key) : -1;
        return i === -1 ? BUILT_IN_ROLE_KEYS.length : i;
      };
      // Stable sort: built-in roles in their catalogue order, then custom ones by age.
      return (await repo.roles(ctx.id)).sort((a, b) => rank(a.key) - rank(b.key));
    },

    async get(ctx: TenantContext, userId: string): Promise<Member> {
      const row = await repo.get(ctx.id, userId);
      if (!row) throw new AppError("notFound");
      return toMember(row);
    },

    /**
     * Gives a member another role. Never one's own; only an owner touches an owner; and the caller
     * must hold every right of both the member's current role and the new one, so nobody hands out
     * or takes away more than they have (grant-rules.ts).
     */
    async changeRole(ctx: TenantContext, userId: string, roleId: string, meta: AuditMeta): Promise<Member> {
      assertNotOwnRole(ctx, { userId });
      const outcome = await repo.changeRole({
        tenantId: ctx.id,
        userId,
        roleId,
        authorize: (current, next) =>
          assertMayGrant(ctx, { isSuper: current.super, permissions: current.permissions }, next),
        record: (tx, member, next) =>
          audit.record(tx, {
            tenantId: ctx.id,
            ...meta,
            action: "member.role_changed",
            target: { type: "user", id: userId },
            details: {
              name: member.name,
              email: member.email,
              from: member.role.name,
              to: next.name,
              ...(member.role.key ? { fromKey: member.role.key } : {}),
              ...(next.key ? { toKey: next.key } : {}),
            },
          }),
      });
      switch (outcome.status) {
        case "not-found":
          throw new AppError("notFound");
        case "unknown-role":
          throw fieldError("roleId", "unknown_role");
        case "last-owner":
          throw new AppError("lastOwner");
      }
      const { member, role } = outcome;
      if (outcome.status === "changed") {
        await notices.notify({
          tenantId: ctx.id,
          userId,
          type: "role_changed",
          params: { role: role.name, roleKey: role.key ?? "" },
        });
      }
      return toMember({
        ...member,
        role: {
          id: role.id,
          name: role.name,
          key: role.key,
          super: role.isSuper,
          permissions: role.permissions,
        },
      });
    },

    async remove(ctx: TenantContext, userId: string, meta: AuditMeta) {
      const outcome = await repo.remove({
        tenantId: ctx.id,
        userId,
        actorSuper: ctx.super,
        record: (tx, member) =>
          audit.record(tx, {
            tenantId: ctx.id,
            ...meta,
            action: "member.removed",
            target: { type: "user", id: userId },
            details: { name: member.name, email: member.email, role: member.role.name },
          }),
      });
      switch (outcome.status) {
        case "not-found":
          throw new AppError("notFound");
        case "owner-only":
          throw new AppError("ownerOnly");
        case "last-owner":
          throw new AppError("lastOwner");
      }
      await notices.notify({
        tenantId: ctx.id,
        type: "member_removed",
        params: { name: outcome.member.name, email: outcome.member.email },
      });
      return { removed: true };
    },
  };
}

export type MemberService = ReturnType<typeof memberService>;
