import { LATENCY_SLOTS } from "@nc/numcheck/providers/provider-stats";
import { sql } from "drizzle-orm";
import type { Db } from "../../core/db";
import { addedSlotwise, queryRows } from "../../db/query";
import type { Figures, ProviderStatsRow } from "./provider-stats-rows";

/** A provider's figures summed over a period for one country and kind. */
export interface PeriodFigures extends Figures {
  provider: string;
  country: string;
  kind: string;
}

interface PeriodSqlRow {
  provider: string;
  country: string;
  kind: string;
  attempts: string | number;
  answered: string | number;
  latency_hist: (string | number | bigint)[];
}

/** Each histogram slot summed (PostgreSQL arrays count from 1). */
const SUMMED_SLOTS = sql.raw(
  Array.from({ length: LATENCY_SLOTS }, (_, i) => `coalesce(sum(latency_hist[${i + 1}]), 0)`).join(", "),
);

/** All SQL of the providers' figures per country (docs/api.md, "Coverage"). */
export function providerStatsRepo(db: Db) {
  return {
    /**
     * Adds rows to what is stored, in one statement: several processes add to the same hour's row
     * (`+ excluded`), never overwrite it. Rows must be unique by hour, provider, country and kind,
     * and go in key order so two processes lock shared rows in the same order.
     */
    async add(rows: ProviderStatsRow[]): Promise<void> {
      if (rows.length === 0) return;
      const values = rows.map(
        (r) =>
          sql`(${new Date(r.hour).toISOString()}::timestamptz, ${r.provider}, ${r.country}, ${r.kind},
               ${r.attempts}, ${r.answered}, ${`{${r.latencyHist.join(",")}}`}::integer[])`,
      );
      await db.execute(
        sql`insert into provider_country_stats as s (hour, provider, country, kind, attempts, answered, latency_hist)
            values ${sql.join(values, sql`, `)}
            on conflict (hour, provider, country, kind) do update set
              attempts = s.attempts + excluded.attempts,
              answered = s.answered + excluded.answered,
              latency_hist = ${addedSlotwise(sql`s.latency_hist`, sql`excluded.latency_hist`)}`,
      );
    },

    /** Every provider's figures per country and kind from `since` (an hour's start) on. */
    async since(since: Date): Promise<PeriodFigures[]> {
      const rows = await queryRows<PeriodSqlRow>(
        db,
        sql`select provider, country, kind, sum(attempts)::bigint as attempts, sum(answered)::bigint as answered,
                   array[${SUMMED_SLOTS}]::bigint[] as latency_hist
            from provider_country_stats
            where hour >= ${since.toISOString()}::timestamptz
            group by provider, country, kind`,
      );
      return rows.map((r) => ({
        provider: r.provider,
        country: r.country,
        kind: r.kind,
        attempts: Number(r.attempts),
        answered: Number(r.answered),
        latencyHist: r.latency_hist.map(Number),
      }));
    },

    /** Deletes the hours before `cutoff`; answers how many rows went. */
    async pruneBefore(cutoff: Date): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        db,
        sql`with gone as (delete from provider_country_stats where hour < ${cutoff.toISOString()}::timestamptz
                          returning 1)
            select count(*)::int as n from gone`,
      );
      return rows[0]?.n ?? 0;
    },
  };
}

export type ProviderStatsRepo = ReturnType<typeof providerStatsRepo>;
