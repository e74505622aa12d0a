import { and, asc, eq, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db, Runner, Tx } from "../../core/db";
import { isUniqueViolation } from "../../core/db";
import { queryRows } from "../../db/query";
import { ssoConfigs, ssoDomains, ssoLogins } from "../../db/schema/index";

/** Tries an e-mailed domain code allows, as every other e-mailed code (docs/security.md, "Sign-in, codes and lockout"). */
export const DOMAIN_CODE_TRIES = 5;

export type SsoConfigRow = typeof ssoConfigs.$inferSelect;
export type SsoDomainRow = typeof ssoDomains.$inferSelect;

/** The organisation that signs in people of a domain: its settings, for a proven domain only. */
export interface SsoTenantRow {
  tenant_id: string;
  tenant_name: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  role_id: string | null;
}

/** The SQL of single sign-on (docs/security.md, "Single sign-on"); every method names the organisation. */
export function ssoRepo(db: Db) {
  return {
    config: async (tenantId: string): Promise<SsoConfigRow | undefined> =>
      (await db.select().from(ssoConfigs).where(eq(ssoConfigs.tenantId, tenantId)))[0],

    async saveConfig(runner: Runner, row: Omit<SsoConfigRow, "updatedAt">) {
      const { tenantId, ...rest } = row;
      await runner
        .insert(ssoConfigs)
        .values(row)
        .onConflictDoUpdate({ target: ssoConfigs.tenantId, set: { ...rest, updatedAt: new Date() } });
    },

    domains: (tenantId: string): Promise<SsoDomainRow[]> =>
      db.select().from(ssoDomains).where(eq(ssoDomains.tenantId, tenantId)).orderBy(asc(ssoDomains.domain)),

    domain: async (tenantId: string, id: string): Promise<SsoDomainRow | undefined> =>
      (
        await db
          .select()
          .from(ssoDomains)
          .where(and(eq(ssoDomains.tenantId, tenantId), eq(ssoDomains.id, id)))
      )[0],

    /** Whether another organisation holds the domain proven. */
    async provenElsewhere(tenantId: string, domain: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from sso_domains where domain = ${domain} and proven_at is not null and tenant_id <> ${tenantId}`,
      );
      return rows.length > 0;
    },

    /** Adds the domain to the organisation's list; the existing row when it is there already. */
    async addDomain(tenantId: string, domain: string, token: string): Promise<SsoDomainRow> {
      const [row] = await db
        .insert(ssoDomains)
        .values({ id: uuidv7(), tenantId, domain, token })
        .onConflictDoUpdate({
          target: [ssoDomains.tenantId, ssoDomains.domain],
          set: { domain: sql`excluded.domain` },
        })
        .returning();
      return row!;
    },

    async removeDomain(runner: Runner, tenantId: string, id: string): Promise<SsoDomainRow | undefined> {
      const [row] = await runner
        .delete(ssoDomains)
        .where(and(eq(ssoDomains.tenantId, tenantId), eq(ssoDomains.id, id)))
        .returning();
      return row;
    },

    /**
     * Marks the domain proven; false when another organisation proved it first (the partial
     * unique index decides, so two organisations proving at once cannot both win).
     */
    async markProven(tx: Tx, tenantId: string, id: string, method: "dns" | "email"): Promise<boolean> {
      try {
        // In a savepoint: on PostgreSQL the refused statement would otherwise abort the caller's
        // whole transaction.
        await tx.transaction((savepoint) =>
          savepoint
            .update(ssoDomains)
            .set({ provenAt: new Date(), method, codeHash: null, codeExpiresAt: null })
            .where(and(eq(ssoDomains.tenantId, tenantId), eq(ssoDomains.id, id))),
        );
        return true;
      } catch (error) {
        if (isUniqueViolation(error)) return false;
        throw error;
      }
    },

    /** A new e-mailed code replaces the last one and its tries. */
    async setCode(tenantId: string, id: string, email: string, codeHash: string, expiresAt: Date) {
      await db
        .update(ssoDomains)
        .set({ codeHash, codeEmail: email, codeExpiresAt: expiresAt, codeAttempts: 0 })
        .where(and(eq(ssoDomains.tenantId, tenantId), eq(ssoDomains.id, id)));
    },

    /** Takes one of the code's tries in the statement that checks one is left; its digest, or null. */
    async takeCodeTry(tenantId: string, id: string): Promise<string | null> {
      const [row] = await queryRows<{ code_hash: string }>(
        db,
        sql`update sso_domains set code_attempts = code_attempts + 1
            where tenant_id = ${tenantId} and id = ${id} and code_hash is not null
              and code_expires_at > now() and code_attempts < ${DOMAIN_CODE_TRIES}
            returning code_hash`,
      );
      return row?.code_hash ?? null;
    },

    /** The organisation of the partner whose proven domain this is, if it has single sign-on set up. */
    async tenantForDomain(partnerId: string, domain: string): Promise<SsoTenantRow | undefined> {
      const [row] = await queryRows<SsoTenantRow>(
        db,
        sql`select c.tenant_id, t.name as tenant_name, c.issuer, c.client_id, c.client_secret_sealed, c.role_id
            from sso_domains d
            join sso_configs c on c.tenant_id = d.tenant_id
            join tenants t on t.id = d.tenant_id
            where d.domain = ${domain} and d.proven_at is not null
              and t.partner_id = ${partnerId} and t.status = 'active'`,
      );
      return row;
    },

    async tenantById(tenantId: string): Promise<SsoTenantRow | undefined> {
      const [row] = await queryRows<SsoTenantRow>(
        db,
        sql`select c.tenant_id, t.name as tenant_name, c.issuer, c.client_id, c.client_secret_sealed, c.role_id
            from sso_configs c join tenants t on t.id = c.tenant_id
            where c.tenant_id = ${tenantId} and t.status = 'active'`,
      );
      return row;
    },

    /** Whether the domain is proven by this organisation. */
    async provenBy(tenantId: string, domain: string): Promise<boolean> {
      const rows = await queryRows(
        db,
        sql`select 1 from sso_domains where tenant_id = ${tenantId} and domain = ${domain} and proven_at is not null`,
      );
      return rows.length > 0;
    },

    /**
     * Makes the person a member with the role (the built-in Viewer when the chosen role was
     * deleted) unless they are one already or hold the most organisations a person may; answers
     * the role's name when they joined now, null otherwise.
     */
    async join(runner: Runner, tenantId: string, userId: string, roleId: string | null, maxTenants: number) {
      const [row] = await queryRows<{ name: string }>(
        runner,
        sql`with role as (
              select id, name from roles
              where tenant_id = ${tenantId}::uuid and (id = ${roleId}::uuid or (${roleId}::uuid is null and key = 'viewer'))
              limit 1),
            added as (
              insert into tenant_members (tenant_id, user_id, role_id)
              select ${tenantId}::uuid, ${userId}::uuid, role.id from role
              where (select count(*) from tenant_members where user_id = ${userId}::uuid) < ${maxTenants}
              on conflict do nothing
              returning role_id)
            select role.name from added join role on role.id = added.role_id`,
      );
      return row?.name ?? null;
    },

    async startLogin(row: typeof ssoLogins.$inferInsert) {
      await db.insert(ssoLogins).values(row);
    },

    /** The sign-in under way, deleted in the statement that reads it: an answer is taken once. */
    async takeLogin(idHash: string): Promise<typeof ssoLogins.$inferSelect | undefined> {
      const [row] = await db
        .delete(ssoLogins)
        .where(and(eq(ssoLogins.idHash, idHash), sql`${ssoLogins.expiresAt} > now()`))
        .returning();
      return row;
    },
  };
}

export type SsoRepo = ReturnType<typeof ssoRepo>;
