import type { OperatorScope } from "@nc/contracts/operator";
import { sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import { exactUtc, queryRows } from "../../db/query";

/** The SQL of the operators table (docs/operations.md, "The operator console"). */

export interface OperatorRow {
  user_id: string;
  email: string;
  name: string;
  partner_id: string;
  partner_name: string;
  scope: OperatorScope;
  permissions: string[];
  granted_by: string | null;
  created_at: string;
}

const SELECT = sql`select o.user_id, u.email, u.name, u.partner_id, p.name as partner_name, o.scope,
  o.permissions, o.granted_by, ${exactUtc("o.created_at")} as created_at
  from operators o join users u on u.id = o.user_id join partners p on p.id = u.partner_id`;

export function operatorRepo(db: Pick<Db, "execute">) {
  return {
    async byUser(userId: string): Promise<OperatorRow | null> {
      const rows = await queryRows<OperatorRow>(db, sql`${SELECT} where o.user_id = ${userId}`);
      return rows[0] ?? null;
    },

    /** Every operator, or those of one partner, by e-mail. */
    async list(partnerId: string | null): Promise<OperatorRow[]> {
      const where = partnerId === null ? sql`` : sql`where u.partner_id = ${partnerId}`;
      return queryRows<OperatorRow>(db, sql`${SELECT} ${where} order by u.email, u.partner_id limit 1000`);
    },

    async userByEmail(partnerId: string, email: string): Promise<{ id: string } | null> {
      const rows = await queryRows<{ id: string }>(
        db,
        sql`select id from users where partner_id = ${partnerId} and lower(email) = lower(${email})`,
      );
      return rows[0] ?? null;
    },

    /** Makes the user an operator or replaces their rights, in one statement. */
    async upsert(input: { userId: string; scope: OperatorScope; permissions: string[]; grantedBy: string }) {
      await db.execute(sql`insert into operators (user_id, scope, permissions, granted_by)
        values (${input.userId}, ${input.scope}, ${sql`${`{${input.permissions.join(",")}}`}::text[]`}, ${input.grantedBy})
        on conflict (user_id) do update set scope = excluded.scope, permissions = excluded.permissions,
          granted_by = excluded.granted_by, updated_at = now()`);
    },

    async remove(userId: string): Promise<boolean> {
      const rows = await queryRows<{ user_id: string }>(
        db,
        sql`delete from operators where user_id = ${userId} returning user_id`,
      );
      return rows.length > 0;
    },

    async isDefaultPartner(partnerId: string): Promise<boolean> {
      const rows = await queryRows<{ is_default: boolean }>(
        db,
        sql`select is_default from partners where id = ${partnerId}`,
      );
      return rows[0]?.is_default === true;
    },
  };
}
