ALTER TABLE "api_calls" ADD COLUMN "path" text;--> statement-breakpoint
ALTER TABLE "api_calls" ADD COLUMN "error_code" integer;--> statement-breakpoint
ALTER TABLE "api_calls" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
DROP INDEX IF EXISTS "api_calls_tenant_at_idx";--> statement-breakpoint
CREATE INDEX "api_calls_tenant_at_idx" ON "api_calls" USING btree ("tenant_id","at","id");--> statement-breakpoint
CREATE INDEX "api_calls_key_at_idx" ON "api_calls" USING btree ("api_key_id","at","id");--> statement-breakpoint
CREATE INDEX "api_calls_tenant_status_at_idx" ON "api_calls" USING btree ("tenant_id","status","at","id") WHERE "api_calls"."status" >= 300;--> statement-breakpoint
CREATE INDEX "api_calls_request_id_idx" ON "api_calls" USING hash ("request_id");
