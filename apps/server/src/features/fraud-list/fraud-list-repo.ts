import type { FraudListKind } from "@nc/contracts/fraud-lists";
import { sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import { queryRows } from "../../db/query";

export interface FraudListRow {
  kind: FraudListKind;
  entry: string;
  note: string;
  created_at: string;
}

/** All SQL of the fraud lists. */
export function fraudListRepo(db: Db) {
  return {
    all(tenantId: string): Promise<FraudListRow[]> {
      return queryRows<FraudListRow>(
        db,
        sql`select kind, entry, note, to_json(created_at) #>> '{}' as created_at from fraud_list_entries
            where tenant_id = ${tenantId} order by kind, entry`,
      );
    },

    async count(tenantId: string, kind: FraudListKind): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from fraud_list_entries where tenant_id = ${tenantId} and kind = ${kind}`,
      );
      return rows[0]?.n ?? 0;
    },

    /** Adds the entries not there yet; answers how many were new. */
    async add(tenantId: string, kind: FraudListKind, entries: string[], note: string, userId: string) {
      const rows = await queryRows(
        db,
        sql`insert into fraud_list_entries (tenant_id, kind, entry, note, created_by)
            select ${tenantId}::uuid, ${kind}, e, ${note}, ${userId}::uuid
            from unnest(${sql.param(entries)}::text[]) as e
            on conflict do nothing returning entry`,
      );
      return rows.length;
    },

    async remove(tenantId: string, kind: FraudListKind, entries: string[]) {
      await db.execute(
        sql`delete from fraud_list_entries
            where tenant_id = ${tenantId} and kind = ${kind} and entry = any(${sql.param(entries)}::text[])`,
      );
    },
  };
}
