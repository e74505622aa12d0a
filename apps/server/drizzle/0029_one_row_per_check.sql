DROP INDEX "detection_items_single_e164_idx";--> statement-breakpoint
ALTER TABLE "detection_items" ADD COLUMN "single" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "detection_items" ADD COLUMN "ledger_entry_id" uuid;--> statement-breakpoint
-- Single checks stored before this change were a job of one item each: mark them, and name the
-- ledger row that charged each (its reference is the job).
UPDATE "detection_items" i SET "single" = true
FROM "detection_jobs" j WHERE j."id" = i."job_id" AND j."kind" = 'single';--> statement-breakpoint
UPDATE "detection_items" i SET "ledger_entry_id" = e."id"
FROM "ledger_entries" e WHERE i."single" AND e."reference_type" = 'detection_job'
  AND e."trade_type" NOT IN (11, 12) AND e."reference_id" = i."job_id"::text;--> statement-breakpoint
CREATE INDEX "detection_items_single_e164_idx" ON "detection_items" USING btree ("e164","finished_at") WHERE single and e164 is not null;