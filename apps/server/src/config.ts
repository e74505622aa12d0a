import { z } from "zod";

/**
 * Every setting of the product, read from the environment and validated once at start.
 * Documented in docs/configuration.md; keep the two in step.
 */
const bool = (fallback: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { error: "must be true or false" })
    .optional()
    .transform((v) => (v === undefined ? fallback : ["true", "1", "yes"].includes(v)));

const int = (fallback: number, min: number, max: number) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === "") return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: "custom", message: `must be a whole number from ${min} to ${max}` });
        return z.NEVER;
      }
      return n;
    });

const url = (protocols: string[]) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (!v) return undefined;
      try {
        const parsed = new URL(v);
        if (!protocols.includes(parsed.protocol)) throw new Error();
        return v;
      } catch {
        ctx.addIssue({
          code: "custom",
          message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}`,
        });
        return z.NEVER;
      }
    });

/** A decimal amount of money ("10", "5.50"), kept as text; parsed with parseAmountToMicros. */
const amount = (fallback: string) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      const text = v === undefined || v.trim() === "" ? fallback : v.trim();
      if (!/^\d{1,12}(\.\d{1,6})?$/.test(text)) {
        ctx.addIssue({ code: "custom", message: "must be a decimal amount such as 10 or 5.50" });
        return z.NEVER;
      }
      return text;
    });

const schema = z.object({
  NODE_ENV: z.enum(["production", "development", "test"]).default("production"),
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default("127.0.0.1"),
  PUBLIC_URL: url(["http:", "https:"]),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: url(["postgres:", "postgresql:"]),
  SMTP_URL: url(["smtp:", "smtps:"]),
  MAIL_FROM: z.string().optional(),
  REDIS_URL: url(["redis:", "rediss:"]),
  CAPTCHA_ENABLED: bool(true),
  CAPTCHA_DIFFICULTY: int(50_000, 1_000, 5_000_000),
  THEME_EDITOR_ENABLED: bool(false),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === "" || v === "false" ? false : v === "true" ? true : v)),
  // HSTS (sent once the site is served over https) also covers the subdomains of each host.
  HSTS_INCLUDE_SUBDOMAINS: bool(true),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_IDLE_HOURS: int(24 * 7, 1, 24 * 365),
  SESSION_MAX_DAYS: int(30, 1, 365),
  DEFAULT_PARTNER_NAME: z.string().min(1).max(80).default("NumberCheck"),
  DEFAULT_PARTNER_EMAIL: z.email({ error: "must be an e-mail address" }).default("support@example.com"),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: url(["http:", "https:"]).transform((v) => v ?? "https://api.stripe.com"),
  BANK_TRANSFER_DETAILS: z.string().optional(),
  BANK_TRANSFER_DAYS: int(14, 1, 365),
  RECHARGE_MIN: amount("10"),
  RECHARGE_MAX: amount("10000"),
  // The default depends on the database: see loadConfig.
  WELCOME_CREDIT: amount("0"),
  // Bulk jobs and the in-process worker (docs/configuration.md).
  JOB_MAX_ROWS: int(10_000_000, 1, 100_000_000),
  JOB_MAX_CONCURRENT: int(5, 1, 1_000),
  UPLOAD_MAX_BYTES: int(200 * 1024 * 1024, 1_024, 10 * 1024 * 1024 * 1024),
  // What an XLSX may unpack to (its XML parts together); more is treated as a zip bomb.
  UPLOAD_MAX_UNPACKED_BYTES: int(2 * 1024 * 1024 * 1024, 1_024, 64 * 1024 * 1024 * 1024),
  // Uploads one process reads at once, in all, per organisation and per person; more are refused (429).
  UPLOAD_MAX_CONCURRENT: int(4, 1, 1_000),
  UPLOAD_MAX_CONCURRENT_PER_TENANT: int(2, 1, 1_000),
  UPLOAD_MAX_CONCURRENT_PER_USER: int(2, 1, 1_000),
  // How long reading one upload may take, sending included; then it is stopped (40060).
  UPLOAD_MAX_SECONDS: int(600, 1, 86_400),
  // Drafts (uploaded, not yet submitted) and finished jobs are deleted after these.
  DRAFT_RETENTION_HOURS: int(24, 1, 24 * 365),
  RESULT_RETENTION_DAYS: int(90, 1, 3_650),
  WORKER_ENABLED: bool(true),
  // 0: as many as the look-up providers take at once (LOOKUP_CONCURRENCY over them), at least 4.
  WORKER_CONCURRENCY: int(0, 0, 10_000),
  WORKER_BATCH: int(200, 1, 10_000),
  WORKER_LEASE_SECONDS: int(120, 5, 86_400),
  // HLR/MNP look-ups: the configured providers, routed (docs/providers.md); else the free sandbox.
  // LOOKUP_PROVIDER_API_KEY and LOOKUP_PROVIDER_BASE_URL are tyntec's, by their first names.
  LOOKUP_PROVIDER_API_KEY: z.string().optional(),
  LOOKUP_PROVIDER_BASE_URL: url(["http:", "https:"]),
  LOOKUP_TYNTEC_API_KEY: z.string().optional(),
  LOOKUP_TYNTEC_BASE_URL: url(["http:", "https:"]),
  LOOKUP_TWILIO_ACCOUNT_SID: z.string().optional(),
  LOOKUP_TWILIO_AUTH_TOKEN: z.string().optional(),
  LOOKUP_TWILIO_BASE_URL: url(["http:", "https:"]),
  // Paid Twilio packages: "sim_swap", "call_forwarding", "sms_pumping_risk", "caller_name" (docs/providers.md).
  LOOKUP_TWILIO_EXTRAS: z
    .string()
    .default("")
    .transform((text) =>
      text
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(["sim_swap", "call_forwarding", "sms_pumping_risk", "caller_name"]))),
  LOOKUP_VONAGE_API_KEY: z.string().optional(),
  LOOKUP_VONAGE_API_SECRET: z.string().optional(),
  LOOKUP_VONAGE_BASE_URL: url(["http:", "https:"]),
  // "hlr=tyntec,twilio; mnp=tyntec; hlr@DE=twilio,tyntec; hlr#<partner id>=vonage" (docs/providers.md).
  LOOKUP_ROUTES: z.string().optional(),
  // Calls in flight per provider: one number for all, or "tyntec=50,twilio=20".
  LOOKUP_CONCURRENCY: z.string().default("10"),
  LOOKUP_TIMEOUT_MS: int(10_000, 100, 120_000),
  // One look-up in all: every attempt at every provider; each call gets at most what is left of it.
  LOOKUP_DEADLINE_MS: int(8_000, 100, 120_000),
  // A call still running after this long frees its slot (docs/providers.md, "Stragglers"); 0: never.
  LOOKUP_STRAGGLER_MS: int(1_000, 0, 120_000),
  // How long an HLR/MNP answer is reused (database cache shared by all processes).
  LOOKUP_CACHE_HOURS: int(24, 0, 24 * 30),
  // Opens /readyz?detail=1 to callers other than this machine (Authorization: Bearer <token>).
  OPERATOR_TOKEN: z.string().min(24).optional(),
  // Webhook deliveries: the deliverer runs in this process unless false (docs/webhooks.md).
  WEBHOOKS_ENABLED: bool(true),
  // Lets webhooks reach private, loopback and link-local addresses: for tests and closed networks only.
  WEBHOOK_ALLOW_PRIVATE_TARGETS: bool(false),
  // Public API: requests a minute per key and per organisation (all its keys together).
  API_RATE_PER_KEY: int(600, 1, 10_000_000),
  API_RATE_PER_TENANT: int(1_200, 1, 10_000_000),
  // Raw API call records are kept this long; the daily usage rollups are kept for good.
  API_CALL_RETENTION_DAYS: int(30, 1, 3_650),
  // Audit events (docs/security.md, "Audit log") older than this are deleted by the housekeeping.
  AUDIT_RETENTION_DAYS: int(365, 1, 3_650),
  // Days an organisation waits, restorable, between its deletion and the removal of its data.
  TENANT_DELETION_GRACE_DAYS: int(30, 1, 365),
  // How often metered calls are written (one insert and one upsert per flush).
  METER_FLUSH_MS: int(1_000, 10, 60_000),
});

export type Config = z.output<typeof schema> & { publicUrl: string };

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? "?");
        const got = env[name];
        return `${name}: ${issue.message}${got === undefined ? "" : ` (got "${got}")`}`;
      }),
    );
  }
  const value = result.data;
  const publicUrl = (value.PUBLIC_URL ?? `http://localhost:${value.PORT}`).replace(/\/$/, "");
  // On the embedded database (the quick start) a new organisation gets 5 units to try checks with;
  // a deployment on PostgreSQL gives nothing unless it says so.
  const welcome = env.WELCOME_CREDIT?.trim() ? value.WELCOME_CREDIT : value.DATABASE_URL ? "0" : "5";
  return { ...value, WELCOME_CREDIT: welcome, publicUrl };
}
