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
-- Backfill from the daily rollup: months (histograms added slot by slot) and day totals.
INSERT INTO "api_usage_monthly" ("tenant_id", "month", "api_key_id", "endpoint", "service", "status", "calls", "numbers", "cost_micros", "latency_ms_sum", "latency_hist")
SELECT d.tenant_id, d.month, d.api_key_id, d.endpoint, d.service, d.status,
       sum(d.calls), sum(d.numbers), sum(d.cost_micros), sum(d.latency_ms_sum),
       (SELECT array_agg(t.n ORDER BY t.i) FROM (
          SELECT h.i, sum(h.n)::bigint AS n
          FROM api_usage_daily x, unnest(x.latency_hist) WITH ORDINALITY AS h(n, i)
          WHERE x.tenant_id = d.tenant_id AND date_trunc('month', x.day)::date = d.month
            AND x.api_key_id = d.api_key_id AND x.endpoint = d.endpoint AND x.service = d.service
            AND x.status = d.status
          GROUP BY h.i) t)
FROM (SELECT *, date_trunc('month', day)::date AS month FROM api_usage_daily) d
GROUP BY d.tenant_id, d.month, d.api_key_id, d.endpoint, d.service, d.status;
--> statement-breakpoint
INSERT INTO "api_usage_day_totals" ("tenant_id", "day", "service", "calls", "errors", "numbers", "cost_micros")
SELECT tenant_id, day, service, sum(calls), coalesce(sum(calls) FILTER (WHERE status NOT BETWEEN 200 AND 299), 0),
       sum(numbers), sum(cost_micros)
FROM api_usage_daily
GROUP BY tenant_id, day, service;
