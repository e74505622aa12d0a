CREATE TABLE "monthly_volumes" (
	"tenant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"service" text NOT NULL,
	"quantity" bigint NOT NULL,
	CONSTRAINT "monthly_volumes_tenant_id_month_service_pk" PRIMARY KEY("tenant_id","month","service")
);
--> statement-breakpoint
ALTER TABLE "monthly_volumes" ADD CONSTRAINT "monthly_volumes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The months already in the ledger, counted as quotes used to count them.
INSERT INTO "monthly_volumes" ("tenant_id", "month", "service", "quantity")
SELECT "tenant_id", date_trunc('month', "created_at" at time zone 'UTC')::date, "service", sum("quantity")
FROM "ledger_entries"
WHERE "service" IS NOT NULL AND "quantity" IS NOT NULL AND "amount_micros" < 0
GROUP BY 1, 2, 3;
