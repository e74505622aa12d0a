import { type CachedProvider, cached } from "@nc/numcheck/providers/cache";
import { createLookupProvider } from "@nc/numcheck/providers/index";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { DbLookupCache } from "./db-lookup-cache";

/**
 * The HLR/MNP provider every part of the product uses (single checks, the job worker, a worker
 * process): the configured upstream (tyntec) or the free sandbox, behind timeouts, retries and a
 * breaker, with answers cached in the database for LOOKUP_CACHE_HOURS.
 */
export function createCachedLookup(db: Db, config: Config): CachedProvider {
  const maxAgeMs = config.LOOKUP_CACHE_HOURS * 3_600_000;
  return cached(
    createLookupProvider({
      tyntec: config.LOOKUP_PROVIDER_API_KEY
        ? { apiKey: config.LOOKUP_PROVIDER_API_KEY, baseUrl: config.LOOKUP_PROVIDER_BASE_URL }
        : null,
    }),
    new DbLookupCache(db),
    { maxAgeMs: { hlr: maxAgeMs, mnp: maxAgeMs } },
  );
}
