import { sql } from "drizzle-orm";
import type { Db, Runner } from "../../core/db";
import { queryRows } from "../../db/query";

export interface ApiKeyRow {
  id: string;
  tenant_id: string;
  name: string;
  mode: string;
  scopes: string[];
  lookup: string;
  digest: string;
  last4: string;
  ip_allow_list: string[];
  expires_at: string | null;
  revoked_at: string | null;
  rolled_at: string | null;
  last_used_at: string | null;
  created_at: string;
  created_by: string | null;
  created_by_name: string | null;
  daily_limit_micros: string | null;
  monthly_limit_micros: string | null;
}

/** A key as the dashboard lists it: with what it spent in the UTC day and month, and the currency. */
export interface ApiKeyListRow extends ApiKeyRow {
  spent_day: string;
  spent_month: string;
  currency: string;
}

export interface NewKeyRow {
  id: string;
  tenantId: string;
  name: string;
  mode: string;
  scopes: string[];
  lookup: string;
  digest: string;
  last4: string;
  ipAllowList: string[];
  expiresAt: string | null;
  createdBy: string;
  dailyLimitMicros: bigint | null;
  monthlyLimitMicros: bigint | null;
}

const ts = (column: string) => sql.raw(`to_json(k.${column}) #>> '{}' as ${column}`);
const COLUMNS = sql.join(
  [
    sql.raw(
      "k.id, k.tenant_id, k.name, k.mode, k.scopes, k.lookup, k.digest, k.last4, k.ip_allow_list, k.created_by",
    ),
    ts("expires_at"),
    ts("revoked_at"),
    ts("rolled_at"),
    ts("last_used_at"),
    ts("created_at"),
    sql.raw("u.name as created_by_name"),
    sql.raw(
      "k.daily_limit_micros::text as daily_limit_micros, k.monthly_limit_micros::text as monthly_limit_micros",
    ),
  ],
  sql`, `,
);

/**
 * What each key spent in the current UTC day and month (docs/api.md, "Spend limits"), and the
 * currency its limits are in (the account's, else its partner's for an organisation not yet charged).
 */
const SPEND = sql`coalesce((select s.spent_micros from api_key_spend s where s.key_id = k.id and s.period = 'day'
        and s.period_start = (now() at time zone 'UTC')::date), 0)::text as spent_day,
      coalesce((select s.spent_micros from api_key_spend s where s.key_id = k.id and s.period = 'month'
        and s.period_start = date_trunc('month', now() at time zone 'UTC')::date), 0)::text as spent_month,
      coalesce((select a.currency from accounts a where a.tenant_id = k.tenant_id),
        (select p.currency from tenants t join partners p on p.id = t.partner_id where t.id = k.tenant_id)) as currency`;

/**
 * A key as authentication needs it: with its organisation's status and time zone, and its
 * creator's rights in the organisation today (a platform super-user who is not a member counts as
 * an owner, as in tenant-context-repo.ts; someone who left has none).
 */
export type ApiKeyAuthRow = ApiKeyRow & {
  tenant_status: string;
  /** The organisation's partner: its routes apply to the key's look-ups. */
  partner_id: string;
  time_zone: string;
  creator_super: boolean;
  creator_permissions: string[];
  /** The organisation requires two-factor sign-in, refuses such keys, and the creator has none. */
  creator_lacks_two_factor: boolean;
};

/** All SQL of API keys. */
export function apiKeyRepo(db: Db) {
  return {
    list(tenantId: string): Promise<ApiKeyListRow[]> {
      return queryRows<ApiKeyListRow>(
        db,
        sql`select ${COLUMNS}, ${SPEND} from api_keys k left join users u on u.id = k.created_by
            where k.tenant_id = ${tenantId} order by k.created_at desc, k.id desc`,
      );
    },

    async one(tenantId: string, id: string, runner: Runner = db): Promise<ApiKeyListRow | undefined> {
      const rows = await queryRows<ApiKeyListRow>(
        runner,
        sql`select ${COLUMNS}, ${SPEND} from api_keys k left join users u on u.id = k.created_by
            where k.tenant_id = ${tenantId} and k.id = ${id}`,
      );
      return rows[0];
    },

    /** The key behind a presented lookup id (any organisation: the key itself says whose it is). */
    /**
     * The key a request presents, with what authentication needs of its organisation: one query.
     * A creator whose account waits to be deleted holds no rights here, so their keys stop (40312).
     */
    async forAuth(lookup: string): Promise<ApiKeyAuthRow | undefined> {
      const rows = await queryRows<ApiKeyAuthRow>(
        db,
        sql`select ${COLUMNS}, t.status as tenant_status, t.partner_id, t.timezone_code as time_zone,
              t.require_two_factor and not t.keys_without_two_factor
                and not exists (select 1 from user_two_factor f
                                where f.user_id = k.created_by and f.enabled_at is not null)
                as creator_lacks_two_factor,
              coalesce(case when m.user_id is not null then r.is_super
                            else u.platform_admin and u.partner_id = t.partner_id end, false) as creator_super,
              coalesce(r.permissions, '[]'::jsonb) as creator_permissions
            from api_keys k join tenants t on t.id = k.tenant_id
            left join users u on u.id = k.created_by and u.status = 'active'
            left join tenant_members m on m.tenant_id = k.tenant_id and m.user_id = u.id
            left join roles r on r.id = m.role_id
            where k.lookup = ${lookup}`,
      );
      return rows[0];
    },

    /** Keys that work or will until a roll's grace ends. */
    async activeCount(tenantId: string, runner: Runner = db): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        runner,
        sql`select count(*)::int as n from api_keys
            where tenant_id = ${tenantId} and (revoked_at is null or revoked_at > now())
              and (expires_at is null or expires_at > now())`,
      );
      return rows[0]?.n ?? 0;
    },

    async insert(runner: Runner, k: NewKeyRow): Promise<void> {
      await runner.execute(
        sql`insert into api_keys (id, tenant_id, name, mode, scopes, lookup, digest, last4, ip_allow_list, expires_at, created_by,
              daily_limit_micros, monthly_limit_micros)
            values (${k.id}, ${k.tenantId}, ${k.name}, ${k.mode}, ${sql.param(k.scopes)}::text[], ${k.lookup}, ${k.digest},
                    ${k.last4}, ${sql.param(k.ipAllowList)}::text[], ${k.expiresAt}::timestamptz, ${k.createdBy},
                    ${k.dailyLimitMicros?.toString() ?? null}::bigint, ${k.monthlyLimitMicros?.toString() ?? null}::bigint)`,
      );
    },

    /** Stops a key at `until` (now for a revoke, later for a roll); answers whether it was open. */
    async close(runner: Runner, tenantId: string, id: string, graceSeconds: number, rolled: boolean) {
      const rows = await queryRows(
        runner,
        sql`update api_keys set revoked_at = now() + make_interval(secs => ${graceSeconds}),
              rolled_at = ${rolled ? sql`now()` : sql`rolled_at`}
            where tenant_id = ${tenantId} and id = ${id}
              and (revoked_at is null or (${!rolled} and revoked_at > now()))
            returning id`,
      );
      return rows.length > 0;
    },

    /** Sets a key's spend limits (null: none); answers whether the organisation has that key. */
    async setLimits(
      runner: Runner,
      tenantId: string,
      id: string,
      daily: bigint | null,
      monthly: bigint | null,
    ) {
      const rows = await queryRows(
        runner,
        sql`update api_keys set daily_limit_micros = ${daily?.toString() ?? null}::bigint,
              monthly_limit_micros = ${monthly?.toString() ?? null}::bigint
            where tenant_id = ${tenantId} and id = ${id}
            returning id`,
      );
      return rows.length > 0;
    },

    async touch(tenantId: string, id: string): Promise<void> {
      await db.execute(
        sql`update api_keys set last_used_at = now() where id = ${id} and tenant_id = ${tenantId}`,
      );
    },
  };
}

export type ApiKeyRepo = ReturnType<typeof apiKeyRepo>;
