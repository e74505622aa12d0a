import {
  isOperatorPermission,
  type OperatorScope,
  type OperatorUserPage,
  type OperatorUserView,
  type UserSearchQuery,
} from "@nc/contracts/operator";
import { sql } from "drizzle-orm";
import { AppError } from "../../core/app-error";
import { type Cursor, keysetPage, optionalCursor } from "../../core/cursor";
import type { Db } from "../../core/db";
import type { AuditMeta, OperatorContext } from "../../core/request-context";
import { isUuid } from "../../core/uuid";
import { containsPattern, exactUtc, queryRows } from "../../db/query";
import { recordAudit } from "../audit/index";
import { forgetRememberedBrowsers } from "../auth/index";
import { partnerLimit } from "./operator-service";

interface UserRow {
  id: string;
  email: string;
  name: string;
  partner_id: string;
  partner_name: string;
  created_at: string;
  organisations: { id: string; name: string; role: string }[] | null;
  sessions: number;
  last_seen_at: string | null;
  operator_scope: OperatorScope | null;
  operator_permissions: string[] | null;
}

/** The SQL of the users page, limited to the partner an operator reaches (null: every partner). */
async function userRows(
  db: Db,
  partnerId: string | null,
  filter: { q?: string; id?: string },
  limit: number,
  cursor?: Cursor,
): Promise<UserRow[]> {
  const q = filter.q?.trim();
  const like = q ? containsPattern(q) : null;
  const match =
    filter.id !== undefined
      ? sql`u.id = ${filter.id}`
      : like === null
        ? sql`true`
        : sql`(u.email ilike ${like} or u.name ilike ${like}${q && isUuid(q) ? sql` or u.id = ${q}` : sql``})`;
  return queryRows<UserRow>(
    db,
    sql`select u.id, u.email, u.name, u.partner_id, p.name as partner_name, ${exactUtc("u.created_at")} as created_at,
          (select json_agg(json_build_object('id', t.id, 'name', t.name, 'role', coalesce(r.key, r.name)) order by t.name)
             from tenant_members m join tenants t on t.id = m.tenant_id join roles r on r.id = m.role_id
            where m.user_id = u.id and t.status not in ('purging', 'deleted')) as organisations,
          (select count(*)::int from sessions s where s.user_id = u.id and s.expires_at > now()) as sessions,
          (select ${exactUtc("max(s.last_seen_at)")} from sessions s where s.user_id = u.id) as last_seen_at,
          o.scope as operator_scope, o.permissions as operator_permissions
        from users u join partners p on p.id = u.partner_id left join operators o on o.user_id = u.id
        where ${partnerId === null ? sql`true` : sql`u.partner_id = ${partnerId}`} and ${match}
          and ${cursor ? sql`(u.created_at, u.id) < (${cursor.createdAt}::timestamptz, ${cursor.id}::uuid)` : sql`true`}
        order by u.created_at desc, u.id desc limit ${limit}`,
  );
}

const view = (row: UserRow): OperatorUserView => ({
  id: row.id,
  email: row.email,
  name: row.name,
  partnerId: row.partner_id,
  partnerName: row.partner_name,
  createdAt: row.created_at,
  organisations: row.organisations ?? [],
  sessions: row.sessions,
  lastSeenAt: row.last_seen_at,
  operator: row.operator_scope
    ? {
        scope: row.operator_scope,
        permissions: (row.operator_permissions ?? []).filter(isOperatorPermission),
      }
    : null,
});

/**
 * Accounts in the operator console (docs/operations.md, "The operator console"): find a user by
 * e-mail, name or id, see their organisations, sessions and operator rights, and sign them out
 * everywhere (a stolen laptop, a leaver). Limited to the operator's partner.
 */
export function userConsole(db: Db) {
  return {
    async search(operator: OperatorContext, query: UserSearchQuery): Promise<OperatorUserPage> {
      const rows = await userRows(
        db,
        partnerLimit(operator),
        query,
        query.limit + 1,
        optionalCursor(query.cursor),
      );
      const page = keysetPage(rows, query.limit, view);
      return { items: page.data, nextCursor: page.nextCursor };
    },

    async get(operator: OperatorContext, userId: string): Promise<OperatorUserView> {
      const [row] = await userRows(db, partnerLimit(operator), { id: userId }, 1);
      if (!row) throw new AppError("notFound");
      return view(row);
    },

    /**
     * Ends every session of the account at once (sessions are read on every request) and forgets
     * the browsers remembered for two-factor sign-in; audited.
     */
    async endSessions(
      operator: OperatorContext,
      userId: string,
      meta: AuditMeta,
    ): Promise<{ ended: number }> {
      const [row] = await userRows(db, partnerLimit(operator), { id: userId }, 1);
      if (!row) throw new AppError("notFound");
      return db.transaction(async (tx) => {
        const ended = await queryRows<{ id_hash: string }>(
          tx,
          sql`delete from sessions where user_id = ${userId} returning id_hash`,
        );
        // A browser remembered for two-factor sign-in would skip the code at the next sign-in.
        await forgetRememberedBrowsers(tx, userId);
        await recordAudit(tx, {
          tenantId: null,
          ...meta,
          action: "user.sessions_ended",
          target: { type: "user", id: userId },
          details: { email: row.email, partnerId: row.partner_id, sessions: ended.length },
        });
        return { ended: ended.length };
      });
    },
  };
}
