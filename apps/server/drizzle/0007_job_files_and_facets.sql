ALTER TABLE "detection_items" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "detection_items" ADD COLUMN "line_type" text;--> statement-breakpoint
ALTER TABLE "detection_items" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "detection_items" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "detection_items" ADD COLUMN "risk" text;--> statement-breakpoint
ALTER TABLE "detection_jobs" ADD COLUMN "file_column" integer;--> statement-breakpoint
ALTER TABLE "detection_jobs" ADD COLUMN "file_header" integer;--> statement-breakpoint
CREATE INDEX "detection_jobs_finished_idx" ON "detection_jobs" USING btree ("finished_at");