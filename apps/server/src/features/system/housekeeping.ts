import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { DAY_MS } from "../../core/time";
import { providerStatsRepo } from "../coverage/index";
import { privacyService } from "../privacy/index";

const EVERY_MS = 15 * 60_000;
/** The providers' figures per country are kept a day longer than the coverage's week. */
const PROVIDER_STATS_KEEP_MS = 8 * DAY_MS;

/**
 * Deletes what has expired: sessions, codes, rate counters, spent captchas, old look-up answers,
 * Idempotency-Key answers, raw API call records, the providers' figures per country past eight days
 * (the coverage reads seven: docs/api.md, "Coverage") and audit events past AUDIT_RETENTION_DAYS; removes
 * the data of organisations and accounts whose deletion grace period is over (features/privacy).
 */
export async function purgeExpired(app: FastifyInstance) {
  const { db } = app.services.database;
  await app.services.sessions.purgeExpired();
  await db.execute(sql`delete from email_codes where expires_at < now() - interval '1 day'`);
  await db.execute(sql`delete from rate_counters where reset_at < now()`);
  await db.execute(sql`delete from captcha_spent where expires_at < now()`);
  const cacheHours = app.services.config.LOOKUP_CACHE_HOURS;
  await db.execute(
    sql`delete from lookup_cache where stored_at < now() - make_interval(hours => ${cacheHours})`,
  );
  await app.apiHousekeeping();
  await providerStatsRepo(db).pruneBefore(new Date(Date.now() - PROVIDER_STATS_KEEP_MS));
  await app.services.audit.purge();
  const purged = await privacyService(app.services).purgeDue();
  if (purged.tenants > 0 || purged.users > 0)
    app.log.info(purged, "organisations and accounts past their deletion grace period purged");
}

export function startHousekeeping(app: FastifyInstance): () => void {
  const run = () => purgeExpired(app).catch((error) => app.log.warn({ err: error }, "housekeeping failed"));
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
