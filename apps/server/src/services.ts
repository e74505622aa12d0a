import type { CachedProvider } from "@nc/numcheck/providers/index";
import type { RoutedProvider } from "@nc/numcheck/providers/router";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import type { Db } from "./core/db";
import type { HttpServices } from "./core/request-context";
import type { ChangeCache } from "./db/change-cache";
import type { Database } from "./db/client";
import { type AccountService, accountService } from "./features/account/account-service";
import type { ApiKeyAuthRow } from "./features/api-key/api-key-repo";
import { keyAuthCache } from "./features/api-key/key-auth-cache";
import { type AuditService, auditService } from "./features/audit/audit-service";
import { type EmailCodeService, emailCodeService } from "./features/auth/email-code-service";
import { type SessionService, sessionService } from "./features/auth/session-service";
import { type UserRepo, userRepo } from "./features/auth/user-repo";
import { type BillingService, billingService } from "./features/billing/billing-service";
import { type CaptchaService, captchaService } from "./features/captcha/captcha-service";
import {
  type CoverageService,
  coverageService,
  createProviderStatsBuffer,
  type ProviderStatsBuffer,
  providerStatsRepo,
} from "./features/coverage/index";
import { type DetectionService, detectionService } from "./features/detection/detection-service";
import { createJobRuntime, type JobRuntime } from "./features/job/runtime";
import { createLookups } from "./features/lookup/lookup-provider";
import { createMailer, type Mailer } from "./features/mail/mailer";
import { createMeter, type Meter } from "./features/metering/meter";
import { type NoticeService, noticeService } from "./features/notice/notice-service";
import { operatorService } from "./features/operator/index";
import { type PartnerService, partnerService } from "./features/partner/partner-service";
import { priceListCache } from "./features/price/price-cache";
import {
  type EffectivePrices,
  ensureStandardPrices,
  type PriceService,
  priceService,
} from "./features/price/price-service";
import { enforceLimits } from "./features/rate-limit/limiter";
import { databaseRateStore, type RateStore, redisRateStore } from "./features/rate-limit/rate-store";
import { type RechargeService, rechargeService } from "./features/recharge/recharge-service";
import { type SsoRuntime, ssoRuntime } from "./features/sso/sso-runtime";
import { loadTenantContext } from "./features/tenant/tenant-context-repo";
import { UploadSlots } from "./features/upload/upload-slots";

declare module "fastify" {
  interface FastifyInstance {
    services: Services;
  }
}

/**
 * The services the features share, each built once per process (docs/architecture.md, "The
 * composition root"): the server builds them in createServices, the CLI in cli/main.ts, both with
 * coreServices. A feature gets them as constructor arguments; to work inside a caller's
 * transaction it passes the transaction to a method (a runner argument), never builds them again.
 */
export interface CoreServices {
  /** Members' notices; every other service tells members through this one. */
  notices: NoticeService;
  /** Price lists and quotes. */
  prices: PriceService;
  /** Every movement of money (charges, credits, holds), with its low-balance notices. */
  billing: BillingService;
}

export function coreServices(db: Db): CoreServices {
  const notices = noticeService(db);
  return { notices, prices: priceService(db), billing: billingService(db, notices) };
}

/** The long-lived pieces every route reaches through `app.services`. */
export interface Services extends CoreServices {
  config: Config;
  database: Database;
  partners: PartnerService;
  sessions: SessionService;
  codes: EmailCodeService;
  users: UserRepo;
  captcha: CaptchaService;
  mailer: Mailer;
  rateStore: RateStore;
  /** The audit log: services record events in the transaction of their change. */
  audit: AuditService;
  /** API keys for authentication, shared by every key service of the process (see key-auth-cache). */
  keyAuth: ChangeCache<ApiKeyAuthRow>;
  /** Effective price lists per organisation (see price-cache). */
  priceLists: ChangeCache<EffectivePrices[]>;
  /** HLR/MNP look-ups: one provider per process (tyntec when configured, else the sandbox), cached. */
  lookup: CachedProvider;
  /** The look-up router behind `lookup`: the providers' health for operators. */
  lookupRouter: RoutedProvider;
  /** Uploads being read by this process, capped in all and per organisation. */
  uploads: UploadSlots;
  /** Single checks (dashboard and public API alike): one group-commit queue per process. */
  detection: DetectionService;
  /** Recharge orders and their payment providers (console, customer pages, Stripe's webhook). */
  recharge: RechargeService;
  /** Balances, ledger and spend as customers and operators read them. */
  accounts: AccountService;
  /** Bulk jobs: the service and the in-process worker (started by main.ts, stopped with the app). */
  jobs: JobRuntime;
  /** The public API's call metering, buffered and flushed in batches (flushed with the app). */
  meter: Meter;
  /** Single sign-on's DNS resolver and discovered identity providers (docs/security.md, "Single sign-on"). */
  sso: SsoRuntime;
  /** The providers' figures per country, counted as look-ups end, written every 10 s (flushed with the app). */
  providerStats: ProviderStatsBuffer;
  /** Coverage per country for the public API and the public page, each partner's answer kept a minute. */
  coverage: CoverageService;
  close(): Promise<void>;
}

export async function createServices(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
): Promise<Services> {
  const { db } = database;
  let closeRedis = async () => {};
  let rateStore = databaseRateStore(db);
  if (config.REDIS_URL) {
    const { Redis } = await import("ioredis");
    const redis = new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2, lazyConnect: true });
    await redis.connect();
    rateStore = redisRateStore(redis);
    closeRedis = async () => void (await redis.quit());
  }
  const mailer = createMailer(db, log, { smtpUrl: config.SMTP_URL, from: config.MAIL_FROM });
  const partners = partnerService(db, {
    name: config.DEFAULT_PARTNER_NAME,
    email: config.DEFAULT_PARTNER_EMAIL,
  });
  await partners.ensureDefault();
  await ensureStandardPrices(db);
  const providerStats = createProviderStatsBuffer(providerStatsRepo(db), { flushMs: 10_000 }, log);
  const lookups = createLookups(db, config, log, undefined, providerStats.record);
  const audit = auditService(db, { retentionDays: config.AUDIT_RETENTION_DAYS });
  const core = coreServices(db);
  const priceLists = priceListCache(database, core.prices);
  return {
    ...core,
    config,
    database,
    partners,
    sessions: sessionService(
      db,
      { idleMs: config.SESSION_IDLE_HOURS * 3_600_000, maxAgeMs: config.SESSION_MAX_DAYS * 86_400_000 },
      audit,
    ),
    codes: emailCodeService(db),
    users: userRepo(db),
    captcha: captchaService(db, { enabled: config.CAPTCHA_ENABLED, difficulty: config.CAPTCHA_DIFFICULTY }),
    mailer,
    rateStore,
    audit,
    keyAuth: keyAuthCache(database),
    priceLists,
    lookup: lookups.lookup,
    lookupRouter: lookups.router,
    uploads: new UploadSlots({
      max: config.UPLOAD_MAX_CONCURRENT,
      perTenant: config.UPLOAD_MAX_CONCURRENT_PER_TENANT,
      perUser: config.UPLOAD_MAX_CONCURRENT_PER_USER,
    }),
    detection: detectionService(db, lookups.lookup, core, priceLists),
    recharge: rechargeService(db, config, core),
    accounts: accountService(db, audit, core.billing),
    jobs: createJobRuntime(db, core, config, log, lookups.lookup),
    meter: createMeter(db, { flushMs: config.METER_FLUSH_MS, maxBuffered: 500 }, log),
    sso: ssoRuntime({ allowPrivate: config.WEBHOOK_ALLOW_PRIVATE_TARGETS }),
    providerStats,
    coverage: coverageService({ prices: core.prices, router: lookups.router, stats: providerStatsRepo(db) }),
    async close() {
      await mailer.flush();
      await providerStats.flush();
      await closeRedis();
    },
  };
}

/**
 * What the HTTP layer asks of the features (core/request-context.ts), from the services built
 * above: http/ resolves partners, sessions, organisations and limits through these, never by
 * importing a feature (docs/architecture.md, "Layers").
 */
export function httpServicesOf(services: Services): HttpServices {
  const operators = operatorService(services.database.db);
  return {
    config: services.config,
    partnerForHost: (host) => services.partners.forHost(host),
    resolveSession: (token) => services.sessions.resolve(token),
    tenantContext: (tenantId, userId) => loadTenantContext(services.database.db, tenantId, userId),
    operatorContext: (userId) => operators.context(userId),
    enforceLimits: (limits) => enforceLimits(services.rateStore, limits),
  };
}
