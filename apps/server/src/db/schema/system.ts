import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Generated secrets and other instance-wide values that every process must share. */
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

/** Fixed-window rate-limit counters, used when no Redis is configured. */
export const rateCounters = pgTable(
  "rate_counters",
  {
    key: text("key").primaryKey(),
    count: integer("count").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rate_counters_reset_idx").on(t.resetAt)],
);

/** Captcha solutions already used, so one solution cannot be replayed. */
export const captchaSpent = pgTable(
  "captcha_spent",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("captcha_spent_expires_idx").on(t.expiresAt)],
);
