import {
  type GrantOperatorBody,
  isOperatorPermission,
  type OperatorMe,
  type OperatorPermission,
  type OperatorView,
  PLATFORM_ONLY_OPERATOR_PERMISSIONS,
} from "@nc/contracts/operator";
import { AppError, fieldError } from "../../core/app-error";
import type { Db } from "../../core/db";
import type { AuditMeta, OperatorContext } from "../../core/request-context";
import { recordAudit } from "../audit/index";
import { type OperatorRow, operatorRepo } from "./operator-repo";

/**
 * Who grants: an operator of the console, bound by what they hold and reach, or the CLI (the
 * person at the server's shell), which makes the first operator and may grant anything.
 */
export type Grantor =
  | { kind: "operator"; operator: OperatorContext; meta: AuditMeta }
  | { kind: "cli"; name: string };

const rightsOf = (row: Pick<OperatorRow, "permissions">): OperatorPermission[] =>
  row.permissions.filter(isOperatorPermission);

const toView = (row: OperatorRow): OperatorView => ({
  userId: row.user_id,
  email: row.email,
  name: row.name,
  partnerId: row.partner_id,
  partnerName: row.partner_name,
  scope: row.scope,
  permissions: rightsOf(row),
  grantedBy: row.granted_by,
  createdAt: row.created_at,
});

/** Whether the operator may work on things of this partner. */
export const reachesPartner = (operator: OperatorContext, partnerId: string): boolean =>
  operator.scope === "platform" || operator.partnerId === partnerId;

/** The partner an operator's lists are limited to: none for a platform operator. */
export const partnerLimit = (operator: OperatorContext): string | null =>
  operator.scope === "platform" ? null : operator.partnerId;

/**
 * The operators of the console (docs/operations.md, "The operator console"): who they are, and
 * granting and ending their rights. Nobody grants a right they do not hold, a partner operator
 * only to users of their own partner, and only a platform operator makes a platform operator.
 */
export function operatorService(db: Db) {
  const repo = operatorRepo(db);

  /** Refuses a grant or revoke the console operator may not make; the CLI may make any. */
  function checkReach(grantor: Grantor, target: { current: OperatorRow | null }) {
    if (grantor.kind === "cli") return;
    const { operator } = grantor;
    if (target.current?.user_id === operator.userId) throw new AppError("forbidden");
    // Someone who holds more than the grantor, or a platform operator, is out of a partner operator's reach.
    if (target.current) {
      if (target.current.scope === "platform" && operator.scope !== "platform")
        throw new AppError("forbidden");
      const beyond = rightsOf(target.current).filter((right) => !operator.permissions.includes(right));
      if (beyond.length > 0) throw new AppError("forbidden");
    }
  }

  return {
    /** The operator behind a user, or null: what the HTTP layer asks on every console route. */
    async context(userId: string): Promise<OperatorContext | null> {
      const row = await repo.byUser(userId);
      if (!row) return null;
      return {
        userId: row.user_id,
        email: row.email,
        scope: row.scope,
        partnerId: row.partner_id,
        permissions: rightsOf(row),
      };
    },

    async me(operator: OperatorContext): Promise<OperatorMe> {
      const row = await repo.byUser(operator.userId);
      if (!row) throw new AppError("forbidden");
      return {
        userId: row.user_id,
        email: row.email,
        scope: row.scope,
        partnerId: row.partner_id,
        partnerName: row.partner_name,
        permissions: rightsOf(row),
      };
    },

    async list(operator: OperatorContext | null): Promise<OperatorView[]> {
      const rows = await repo.list(operator ? partnerLimit(operator) : null);
      return rows.map(toView);
    },

    /** Makes a user an operator, or replaces their rights; recorded in the audit log. */
    async grant(grantor: Grantor, input: GrantOperatorBody): Promise<OperatorView> {
      // Before the user is looked up: whether an e-mail has an account on another partner's site
      // is none of this operator's business.
      if (grantor.kind === "operator" && !reachesPartner(grantor.operator, input.partnerId))
        throw fieldError("partnerId", "outside_partner");
      const user = await repo.userByEmail(input.partnerId, input.email);
      if (!user) throw fieldError("email", "user_not_found");
      const current = await repo.byUser(user.id);
      checkReach(grantor, { current });
      const permissions = [...new Set(input.permissions)].filter(isOperatorPermission).sort();
      if (input.scope === "platform") {
        if (grantor.kind === "operator" && grantor.operator.scope !== "platform")
          throw fieldError("scope", "platform_only", { permission: "platform" });
        // A platform operator signs in on the platform's own site.
        if (!(await repo.isDefaultPartner(input.partnerId))) throw fieldError("scope", "invalid_value");
      } else {
        const platformOnly = permissions.find((right) => PLATFORM_ONLY_OPERATOR_PERMISSIONS.includes(right));
        if (platformOnly) throw fieldError("permissions", "platform_only", { permission: platformOnly });
      }
      if (grantor.kind === "operator") {
        const notHeld = permissions.find((right) => !grantor.operator.permissions.includes(right));
        if (notHeld) throw fieldError("permissions", "permission_not_held", { permission: notHeld });
      }
      const grantedBy = grantor.kind === "cli" ? grantor.name : grantor.operator.email;
      await db.transaction(async (tx) => {
        await operatorRepo(tx).upsert({
          userId: user.id,
          scope: input.scope,
          permissions,
          grantedBy,
        });
        await recordAudit(tx, {
          tenantId: null,
          ...auditWho(grantor),
          action: "operator.granted",
          target: { type: "user", id: user.id },
          details: {
            email: input.email,
            scope: input.scope,
            partnerId: input.partnerId,
            before: current ? { scope: current.scope, permissions: rightsOf(current) } : {},
            after: { scope: input.scope, permissions },
          },
        });
      });
      const row = await repo.byUser(user.id);
      return toView(row!);
    },

    /**
     * Ends a user's operator rights; false when they had none. From the console, an operator out
     * of the caller's partner is not found (404), as is a user who is no operator, so the answer
     * says nothing about ids of other partners.
     */
    async revoke(grantor: Grantor, userId: string): Promise<boolean> {
      const current = await repo.byUser(userId);
      if (grantor.kind === "operator" && !(current && reachesPartner(grantor.operator, current.partner_id)))
        throw new AppError("notFound");
      if (!current) return false;
      checkReach(grantor, { current });
      await db.transaction(async (tx) => {
        await operatorRepo(tx).remove(userId);
        await recordAudit(tx, {
          tenantId: null,
          ...auditWho(grantor),
          action: "operator.revoked",
          target: { type: "user", id: userId },
          details: { email: current.email, scope: current.scope, partnerId: current.partner_id },
        });
      });
      return true;
    },

    findUser: (partnerId: string, email: string) => repo.userByEmail(partnerId, email),
  };
}

/** The audit log's who and from where of a grantor. */
function auditWho(grantor: Grantor): Pick<AuditMeta, "actor" | "ip" | "userAgent"> {
  if (grantor.kind === "cli")
    return { actor: { type: "operator", label: grantor.name }, ip: null, userAgent: null };
  return operatorAuditMeta(grantor.operator, grantor.meta);
}

/** An operator console action's audit who: the operator by e-mail and id, from the request's address. */
export function operatorAuditMeta(operator: OperatorContext, meta: AuditMeta): AuditMeta {
  return {
    actor: { type: "operator", label: operator.email, id: operator.userId },
    ip: meta.ip,
    userAgent: meta.userAgent,
  };
}

export type OperatorService = ReturnType<typeof operatorService>;
