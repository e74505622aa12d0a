CREATE TABLE "api_usage_day_totals" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"service" text DEFAULT '' NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"errors" bigint DEFAULT 0 NOT NULL,
	"numbers" bigint DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "api_usage_day_totals_tenant_id_day_service_pk" PRIMARY KEY("tenant_id","day","service")
);
--> statement-breakpoint
CREATE TABLE "api_usage_monthly" (
	"tenant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"api_key_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"service" text DEFAULT '' NOT NULL,
	"status" integer NOT NULL,
	"calls" bigint DEFAULT 0 NOT NULL,
	"numbers" bigint DEFAULT 0 NOT NULL,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"latency_ms_sum" double precision DEFAULT 0 NOT NULL,
	"latency_hist" bigint[] NOT NULL,
	CONSTRAINT "api_usage_monthly_tenant_id_month_api_key_id_endpoint_service_status_pk" PRIMARY KEY("tenant_id","month","api_key_id","endpoint","service","status")
);
--> statement-breakpoint
ALTER TABLE "api_usage_day_totals" ADD CONSTRAINT "api_usage_day_totals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_usage_monthly" ADD CONSTRAINT "api_usage_monthly_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Backfill from the daily rollup: months (the 22 latency slots added by subscript) and day totals.
INSERT INTO "api_usage_monthly" ("tenant_id", "month", "api_key_id", "endpoint", "service", "status", "calls", "numbers", "cost_micros", "latency_ms_sum", "latency_hist")
SELECT tenant_id, date_trunc('month', day)::date, api_key_id, endpoint, service, status,
       sum(calls), sum(numbers), sum(cost_micros), sum(latency_ms_sum),
       ARRAY[coalesce(sum(latency_hist[1]), 0),
         coalesce(sum(latency_hist[2]), 0),
         coalesce(sum(latency_hist[3]), 0),
         coalesce(sum(latency_hist[4]), 0),
         coalesce(sum(latency_hist[5]), 0),
         coalesce(sum(latency_hist[6]), 0),
         coalesce(sum(latency_hist[7]), 0),
         coalesce(sum(latency_hist[8]), 0),
         coalesce(sum(latency_hist[9]), 0),
         coalesce(sum(latency_hist[10]), 0),
         coalesce(sum(latency_hist[11]), 0),
         coalesce(sum(latency_hist[12]), 0),
         coalesce(sum(latency_hist[13]), 0),
         coalesce(sum(latency_hist[14]), 0),
         coalesce(sum(latency_hist[15]), 0),
         coalesce(sum(latency_hist[16]), 0),
         coalesce(sum(latency_hist[17]), 0),
         coalesce(sum(latency_hist[18]), 0),
         coalesce(sum(latency_hist[19]), 0),
         coalesce(sum(latency_hist[20]), 0),
         coalesce(sum(latency_hist[21]), 0),
         coalesce(sum(latency_hist[22]), 0)]::bigint[]
FROM api_usage_daily
GROUP BY tenant_id, date_trunc('month', day)::date, api_key_id, endpoint, service, status;
--> statement-breakpoint
INSERT INTO "api_usage_day_totals" ("tenant_id", "day", "service", "calls", "errors", "numbers", "cost_micros")
SELECT tenant_id, day, service, sum(calls), coalesce(sum(calls) FILTER (WHERE status NOT BETWEEN 200 AND 299), 0),
       sum(numbers), sum(cost_micros)
FROM api_usage_daily
GROUP BY tenant_id, day, service;
