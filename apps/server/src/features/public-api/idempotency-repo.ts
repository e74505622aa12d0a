import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { queryRows } from "../../db/query";

export interface IdempotencyRecord {
  fingerprint: string;
  state: "pending" | "done";
  response_status: number | null;
  response_body: string | null;
  content_type: string | null;
}

/** All SQL of Idempotency-Key records. */
export function idempotencyRepo(db: Db) {
  return {
    /**
     * Claims the key for this request: true when it is ours to run. A pending record older than
     * `staleSeconds` belongs to a request that died without an answer and is taken over.
     */
    async claim(tenantId: string, key: string, fingerprint: string, staleSeconds: number): Promise<boolean> {
      const rows = await queryRows<{ key: string }>(
        db,
        sql`insert into api_idempotency as r (tenant_id, key, fingerprint, state)
            values (${tenantId}, ${key}, ${fingerprint}, 'pending')
            on conflict (tenant_id, key) do update set fingerprint = excluded.fingerprint, created_at = now()
              where r.state = 'pending' and r.created_at < now() - make_interval(secs => ${staleSeconds})
                and r.fingerprint = excluded.fingerprint
            returning key`,
      );
      return rows.length > 0;
    },

    async find(tenantId: string, key: string): Promise<IdempotencyRecord | undefined> {
      const rows = await queryRows<IdempotencyRecord>(
        db,
        sql`select fingerprint, state, response_status, response_body, content_type
            from api_idempotency where tenant_id = ${tenantId} and key = ${key}`,
      );
      return rows[0];
    },

    async complete(tenantId: string, key: string, status: number, body: string, contentType: string | null) {
      await db.execute(
        sql`update api_idempotency set state = 'done', response_status = ${status}, response_body = ${body},
                   content_type = ${contentType}
            where tenant_id = ${tenantId} and key = ${key} and state = 'pending'`,
      );
    },

    /** Forgets a pending claim whose request ended without an answer worth keeping. */
    async release(tenantId: string, key: string) {
      await db.execute(
        sql`delete from api_idempotency where tenant_id = ${tenantId} and key = ${key} and state = 'pending'`,
      );
    },

    async deleteBefore(cutoff: Date) {
      await db.execute(
        sql`delete from api_idempotency where created_at < ${cutoff.toISOString()}::timestamptz`,
      );
    },
  };
}

export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>;
