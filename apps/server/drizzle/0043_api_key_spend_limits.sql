-- Spend limits per API key (docs/architecture.md, "Several processes, one balance"): an optional
-- daily and monthly cap (micros, UTC day and month) on each key, and one counter row per key and
-- period that every charge made with the key raises in the charge's own statement.
ALTER TABLE "api_keys" ADD COLUMN "daily_limit_micros" bigint;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "monthly_limit_micros" bigint;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_limits_positive"
  CHECK (("daily_limit_micros" IS NULL OR "daily_limit_micros" > 0) AND ("monthly_limit_micros" IS NULL OR "monthly_limit_micros" > 0));--> statement-breakpoint
CREATE TABLE "api_key_spend" (
  "key_id" uuid NOT NULL REFERENCES "api_keys"("id") ON DELETE CASCADE,
  "tenant_id" uuid NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  -- 'day' or 'month'; period_start is the UTC day or the first day of the UTC month.
  "period" text NOT NULL,
  "period_start" date NOT NULL,
  "spent_micros" bigint NOT NULL DEFAULT 0,
  -- Set once, under the row's lock, when the 80 % warning and the limit were announced.
  "warned" boolean NOT NULL DEFAULT false,
  "reached" boolean NOT NULL DEFAULT false,
  CONSTRAINT "api_key_spend_pk" PRIMARY KEY ("key_id", "period", "period_start")
);--> statement-breakpoint
CREATE INDEX "api_key_spend_tenant_idx" ON "api_key_spend" ("tenant_id");
