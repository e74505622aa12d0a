ALTER TABLE "webhook_deliveries" ADD COLUMN "request_headers" jsonb;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "response_body" text;