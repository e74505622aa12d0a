import { sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import { queryRows } from "../../db/query";

export interface IdempotencyRecord {
  fingerprint: string;
  state: "pending" | "done";
  response_status: number | null;
  response_body: string | null;
  content_type: string | null;
}

/**
 * Whose Idempotency-Key it is: the organisation, the mode and the API key that sent it. A key sent
 * with a test key and then with a live key names two different requests (docs/security.md).
 */
export interface IdempotencyScope {
  tenantId: string;
  mode: string;
  apiKeyId: string;
}

/** All SQL of Idempotency-Key records. */
export function idempotencyRepo(db: Db) {
  const scoped = (scope: IdempotencyScope, key: string) =>
    sql`tenant_id = ${scope.tenantId} and mode = ${scope.mode} and api_key_id = ${scope.apiKeyId} and key = ${key}`;
  return {
    /**
     * Claims the key for this request: true when it is ours to run. A pending record older than
     * `staleSeconds` belongs to a request that died without an answer and is taken over.
     */
    async claim(
      scope: IdempotencyScope,
      key: string,
      fingerprint: string,
      staleSeconds: number,
    ): Promise<boolean> {
      const rows = await queryRows<{ key: string }>(
        db,
        sql`insert into api_idempotency as r (tenant_id, mode, api_key_id, key, fingerprint, state)
            values (${scope.tenantId}, ${scope.mode}, ${scope.apiKeyId}, ${key}, ${fingerprint}, 'pending')
            on conflict (tenant_id, mode, api_key_id, key) do update set fingerprint = excluded.fingerprint, created_at = now()
              where r.state = 'pending' and r.created_at < now() - make_interval(secs => ${staleSeconds})
                and r.fingerprint = excluded.fingerprint
            returning key`,
      );
      return rows.length > 0;
    },

    async find(scope: IdempotencyScope, key: string): Promise<IdempotencyRecord | undefined> {
      const rows = await queryRows<IdempotencyRecord>(
        db,
        sql`select fingerprint, state, response_status, response_body, content_type
            from api_idempotency where ${scoped(scope, key)}`,
      );
      return rows[0];
    },

    async complete(
      scope: IdempotencyScope,
      key: string,
      status: number,
      body: string,
      contentType: string | null,
    ) {
      await db.execute(
        sql`update api_idempotency set state = 'done', response_status = ${status}, response_body = ${body},
                   content_type = ${contentType}
            where ${scoped(scope, key)} and state = 'pending'`,
      );
    },

    /** Forgets a pending claim whose request ended without an answer worth keeping. */
    async release(scope: IdempotencyScope, key: string) {
      await db.execute(sql`delete from api_idempotency where ${scoped(scope, key)} and state = 'pending'`);
    },

    async deleteBefore(cutoff: Date) {
      await db.execute(
        sql`delete from api_idempotency where created_at < ${cutoff.toISOString()}::timestamptz`,
      );
    },
  };
}

export type IdempotencyRepo = ReturnType<typeof idempotencyRepo>;
