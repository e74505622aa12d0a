import { type CachedProvider, cached } from "@nc/numcheck/providers/cache";
import { createRouter, type RoutedProvider, type RouterCall } from "@nc/numcheck/providers/router";
import { SandboxProvider } from "@nc/numcheck/providers/sandbox";
import { TwilioProvider } from "@nc/numcheck/providers/twilio";
import { TyntecProvider } from "@nc/numcheck/providers/tyntec";
import { VonageProvider } from "@nc/numcheck/providers/vonage";
import { LOOKUP_KINDS, type LookupProvider } from "@nc/numcheck/types";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../../config";
import type { Db } from "../../core/db";
import { DbLookupCache } from "./db-lookup-cache";
import { parseLimits, parseRoutes } from "./lookup-routes";

export interface Lookups {
  /** What every part of the product asks (single checks, the job worker): routed, then cached. */
  lookup: CachedProvider;
  /** The router itself, for the providers' health (readyz detail, the CLI). */
  router: RoutedProvider;
}

/** A provider out of credit is an error for the operator, said once a minute, not per call. */
const CREDIT_LOG_EVERY_MS = 60_000;

/**
 * The live look-ups of the process: the configured providers behind the router (routes,
 * failover, breakers per organisation; docs/providers.md), answers cached in the database for
 * LOOKUP_CACHE_HOURS. Without any provider configured, the free sandbox answers everything.
 * `providers` replaces the configured ones (the look-up benchmark puts a fake provider behind the
 * same router, limits and cache). `onCall` is told of every provider call (the coverage's figures
 * per country: docs/api.md, "Coverage").
 */
export function createLookups(
  db: Db,
  config: Config,
  log?: FastifyBaseLogger,
  providers: LookupProvider[] = configuredProviders(config),
  onCall?: (call: RouterCall) => void,
): Lookups {
  const lastCreditLog = new Map<string, number>();
  const router = createRouter({
    providers,
    routes: parseRoutes(config.LOOKUP_ROUTES, providers),
    limits: parseLimits(
      config.LOOKUP_CONCURRENCY,
      config.LOOKUP_TIMEOUT_MS,
      providers.map((p) => p.name),
    ),
    deadlineMs: config.LOOKUP_DEADLINE_MS,
    stragglerMs: config.LOOKUP_STRAGGLER_MS,
    onCall,
    onEvent: (event) => {
      if (event.type === "unreadable") {
        // Field names only: the values may hold the subscriber's number.
        log?.warn(
          { provider: event.provider, fields: event.fields },
          "look-up provider gave an answer the product cannot read; it is not asked again for this look-up",
        );
      } else if (event.type === "out_of_credit") {
        const now = Date.now();
        if (now - (lastCreditLog.get(event.provider) ?? 0) < CREDIT_LOG_EVERY_MS) return;
        lastCreditLog.set(event.provider, now);
        log?.error({ provider: event.provider }, "look-up provider account is out of credit");
      } else if (event.state === "open") {
        log?.warn({ provider: event.provider, tenantId: event.tenantId }, "look-up breaker opened");
      }
    },
  });
  const maxAgeMs = config.LOOKUP_CACHE_HOURS * 3_600_000;
  return {
    router,
    lookup: cached(router, new DbLookupCache(db), {
      maxAgeMs: Object.fromEntries(LOOKUP_KINDS.map((kind) => [kind, maxAgeMs])),
    }),
  };
}

/** Real providers in the order of their settings; the sandbox only when there is none. */
function configuredProviders(config: Config): LookupProvider[] {
  const providers: LookupProvider[] = [];
  const tyntecKey = config.LOOKUP_TYNTEC_API_KEY ?? config.LOOKUP_PROVIDER_API_KEY;
  if (tyntecKey) {
    providers.push(
      new TyntecProvider({
        apiKey: tyntecKey,
        baseUrl: config.LOOKUP_TYNTEC_BASE_URL ?? config.LOOKUP_PROVIDER_BASE_URL,
      }),
    );
  }
  if (config.LOOKUP_TWILIO_ACCOUNT_SID && config.LOOKUP_TWILIO_AUTH_TOKEN) {
    providers.push(
      new TwilioProvider({
        accountSid: config.LOOKUP_TWILIO_ACCOUNT_SID,
        authToken: config.LOOKUP_TWILIO_AUTH_TOKEN,
        extras: config.LOOKUP_TWILIO_EXTRAS,
        baseUrl: config.LOOKUP_TWILIO_BASE_URL,
      }),
    );
  }
  if (config.LOOKUP_VONAGE_API_KEY && config.LOOKUP_VONAGE_API_SECRET) {
    providers.push(
      new VonageProvider({
        apiKey: config.LOOKUP_VONAGE_API_KEY,
        apiSecret: config.LOOKUP_VONAGE_API_SECRET,
        baseUrl: config.LOOKUP_VONAGE_BASE_URL,
      }),
    );
  }
  return providers.length > 0 ? providers : [new SandboxProvider()];
}
