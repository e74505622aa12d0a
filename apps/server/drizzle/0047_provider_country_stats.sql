CREATE TABLE "provider_country_stats" (
	"hour" timestamp with time zone NOT NULL,
	"provider" text NOT NULL,
	"country" text NOT NULL,
	"kind" text NOT NULL,
	"attempts" integer NOT NULL,
	"answered" integer NOT NULL,
	"latency_hist" integer[] NOT NULL,
	CONSTRAINT "provider_country_stats_hour_provider_country_kind_pk" PRIMARY KEY("hour","provider","country","kind")
);
