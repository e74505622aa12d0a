import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
// Type-only: the handle carries the table shapes; core never runs a query itself.
import type * as schema from "../db/schema/index";

/** The database handle every repository receives (PGlite or PostgreSQL behind one type). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(...)`: what a repository method takes to join a caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * What a repository method or a service runs its SQL on: the database, or a caller's transaction
 * to join it (docs/architecture.md, "The runner type"). A transaction is drizzle's database type extended
 * (rollback, nested savepoints), so both satisfy this type and none is cast to the other.
 */
export type Runner = Db | Tx;

/**
 * A write refused by a unique index (SQLSTATE 23505), as either driver reports it: a concurrent
 * twin won, or the value is taken.
 */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e.code === "23505" || e.cause?.code === "23505";
}

/**
 * The database's detail of a unique violation ('Key (sub_domain)=(acme) already exists.'), which
 * names the column, wherever the driver put it; "" when there is none.
 */
export function uniqueViolationDetail(error: unknown): string {
  const e = error as { detail?: string; cause?: { detail?: string } };
  return String(e.cause?.detail ?? e.detail ?? "");
}
