import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
// Type-only: the handle carries the table shapes; core never runs a query itself.
import type * as schema from "../db/schema/index";

/** The database handle every repository receives (PGlite or PostgreSQL behind one type). */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle inside `db.transaction(...)`: what a repository method takes to join a caller's transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
