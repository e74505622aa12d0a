-- Stored Idempotency-Key answers now belong to the API key (and its mode) that sent the request,
-- so a test key's answer is never replayed to a live key (docs/security.md). Answers stored
-- before cannot be attributed to a key and are kept for a day only: they are dropped.
DELETE FROM "api_idempotency";--> statement-breakpoint
ALTER TABLE "api_idempotency" DROP CONSTRAINT "api_idempotency_tenant_id_key_pk";--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD COLUMN "mode" text NOT NULL;--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD COLUMN "api_key_id" uuid NOT NULL;--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_tenant_id_mode_api_key_id_key_pk" PRIMARY KEY("tenant_id","mode","api_key_id","key");--> statement-breakpoint
ALTER TABLE "api_idempotency" ADD CONSTRAINT "api_idempotency_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;
