CREATE TABLE "lookup_cache" (
	"service" text NOT NULL,
	"e164" text NOT NULL,
	"value" jsonb NOT NULL,
	"stored_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lookup_cache_service_e164_pk" PRIMARY KEY("service","e164")
);
--> statement-breakpoint
CREATE INDEX "lookup_cache_stored_idx" ON "lookup_cache" USING btree ("stored_at");