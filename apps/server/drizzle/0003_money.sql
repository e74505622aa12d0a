CREATE TABLE "accounts" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"balance_micros" bigint DEFAULT 0 NOT NULL,
	"low_balance_threshold_micros" bigint,
	"low_balance_alerted" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_balance_not_negative" CHECK ("accounts"."balance_micros" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"trade_type" smallint NOT NULL,
	"amount_micros" bigint NOT NULL,
	"balance_after_micros" bigint NOT NULL,
	"service" text,
	"quantity" integer,
	"reference_type" text,
	"reference_id" text,
	"idempotency_key" text,
	"request_hash" text,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"reserved_micros" bigint NOT NULL,
	"settled_micros" bigint DEFAULT 0 NOT NULL,
	"released_micros" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"charge_entry_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "reservations_within_hold" CHECK ("reservations"."settled_micros" + "reservations"."released_micros" <= "reservations"."reserved_micros")
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reservations" ADD CONSTRAINT "reservations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_idempotency_uq" ON "ledger_entries" USING btree ("tenant_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "ledger_tenant_created_idx" ON "ledger_entries" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "ledger_tenant_type_created_idx" ON "ledger_entries" USING btree ("tenant_id","trade_type","created_at");--> statement-breakpoint
CREATE INDEX "reservations_tenant_idx" ON "reservations" USING btree ("tenant_id");