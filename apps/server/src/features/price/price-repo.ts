import { and, asc, eq, inArray, like, sql } from "drizzle-orm";
import { v7 as uuidv7 } from "uuid";
import type { Db } from "../../core/db";
import { queryRows } from "../../db/query";
import { priceEntries, tenants } from "../../db/schema/index";

export type PriceRow = typeof priceEntries.$inferSelect;

/** The scope strings of price_entries. */
export const STANDARD_SCOPE = "standard";
export const partnerScope = (partnerId: string) => `partner:${partnerId}`;
export const specialScope = (tenantId: string) => `special:${tenantId}`;

export interface PriceEntryInput {
  scope: string;
  partnerId?: string | null;
  tenantId?: string | null;
  service: string;
  minMonthlyVolume: number;
  priceMicros: bigint;
  currency: string;
}

/** The first day of the calendar month (UTC) that holds `now`. */
export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/** The SQL of prices. */
export function priceRepo(db: Db) {
  return {
    /** Every band of the given scopes, ordered by scope, service and band start. */
    inScopes: (scopes: string[]): Promise<PriceRow[]> =>
      scopes.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(priceEntries)
            .where(inArray(priceEntries.scope, scopes))
            .orderBy(asc(priceEntries.scope), asc(priceEntries.service), asc(priceEntries.minMonthlyVolume)),

    /** Every band whose scope starts with the prefix ("partner:", "special:"), or all. */
    all: (prefix?: string): Promise<PriceRow[]> =>
      db
        .select()
        .from(priceEntries)
        .where(prefix ? like(priceEntries.scope, `${prefix}%`) : undefined)
        .orderBy(asc(priceEntries.scope), asc(priceEntries.service), asc(priceEntries.minMonthlyVolume)),

    /** Sets one band (insert, or replace the price of the same scope/service/band start). */
    async upsert(input: PriceEntryInput): Promise<PriceRow> {
      const [row] = await db
        .insert(priceEntries)
        .values({ id: uuidv7(), ...input })
        .onConflictDoUpdate({
          target: [priceEntries.scope, priceEntries.service, priceEntries.minMonthlyVolume],
          set: { priceMicros: input.priceMicros, currency: input.currency, updatedAt: sql`now()` },
        })
        .returning();
      return row!;
    },

    /** Inserts bands unless present (the default list); answers how many were added. */
    async insertMissing(inputs: PriceEntryInput[]): Promise<number> {
      if (inputs.length === 0) return 0;
      const rows = await db
        .insert(priceEntries)
        .values(inputs.map((input) => ({ id: uuidv7(), ...input })))
        .onConflictDoNothing()
        .returning({ id: priceEntries.id });
      return rows.length;
    },

    /** Removes one band, or every band of the service in the scope when no band start is given. */
    async remove(scope: string, service: string, minMonthlyVolume?: number): Promise<number> {
      const rows = await db
        .delete(priceEntries)
        .where(
          and(
            eq(priceEntries.scope, scope),
            eq(priceEntries.service, service),
            minMonthlyVolume === undefined ? undefined : eq(priceEntries.minMonthlyVolume, minMonthlyVolume),
          ),
        )
        .returning({ id: priceEntries.id });
      return rows.length;
    },

    async partnerOf(tenantId: string): Promise<string | null> {
      const [row] = await db
        .select({ partnerId: tenants.partnerId })
        .from(tenants)
        .where(eq(tenants.id, tenantId));
      return row?.partnerId ?? null;
    },

    async countScope(scope: string): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(priceEntries)
        .where(eq(priceEntries.scope, scope));
      return Number(row?.n ?? 0);
    },

    /**
     * Numbers checked per service in the calendar month (UTC) starting at `monthStart`: the
     * quantity of the organisation's debit rows that name a service (single checks and bulk
     * holds), counted as they are written (monthly_volumes). Refunds are not subtracted, an
     * accepted approximation (docs/operations.md, "Prices").
     */
    async volumeInMonth(tenantId: string, monthStart: Date): Promise<Record<string, number>> {
      const rows = await queryRows<{ service: string; volume: string | number }>(
        db,
        sql`select service, quantity as volume from monthly_volumes
            where tenant_id = ${tenantId} and month = ${monthStart.toISOString().slice(0, 10)}::date`,
      );
      return Object.fromEntries(rows.map((r) => [r.service, Number(r.volume)]));
    },
  };
}

export type PriceRepo = ReturnType<typeof priceRepo>;
