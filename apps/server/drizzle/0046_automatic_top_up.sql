-- Automatic top-up with a saved card (docs/operations.md, "Automatic top-up"): one row per
-- organisation with its Stripe customer, its saved card (what Stripe says of it: brand, last 4,
-- expiry), its settings, the attempt in flight and the day's count of attempts. The claim of an
-- attempt is one statement on this row (in_flight_order_id, day, day_count).
CREATE TABLE "auto_top_ups" (
  "tenant_id" uuid PRIMARY KEY NOT NULL REFERENCES "tenants"("id") ON DELETE CASCADE,
  "stripe_customer_id" text,
  "payment_method_id" text,
  "card_brand" text,
  "card_last4" text,
  "card_exp_month" integer,
  "card_exp_year" integer,
  "enabled" boolean NOT NULL DEFAULT false,
  "threshold_micros" bigint NOT NULL DEFAULT 0,
  "amount_micros" bigint NOT NULL DEFAULT 0,
  "daily_max" integer NOT NULL DEFAULT 3,
  -- Why it was turned off by itself (a payment failed or asked for authentication); null otherwise.
  "disabled_reason" text,
  "in_flight_order_id" uuid,
  "day" date,
  "day_count" integer NOT NULL DEFAULT 0,
  "updated_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "auto_top_ups_settings_valid" CHECK ("threshold_micros" >= 0 AND "amount_micros" >= 0
    AND "daily_max" BETWEEN 1 AND 24 AND (NOT "enabled" OR ("payment_method_id" IS NOT NULL AND "amount_micros" > 0)))
);--> statement-breakpoint
CREATE INDEX "auto_top_ups_enabled_idx" ON "auto_top_ups" ("tenant_id") WHERE "enabled";--> statement-breakpoint
ALTER TABLE "recharge_orders" ADD COLUMN "automatic" boolean NOT NULL DEFAULT false;--> statement-breakpoint
-- Never two automatic attempts pending for one organisation, whatever the code does.
CREATE UNIQUE INDEX "recharge_orders_auto_pending_uq" ON "recharge_orders" ("tenant_id")
  WHERE "automatic" AND "status" = 'pending';
