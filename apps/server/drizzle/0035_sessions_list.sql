ALTER TABLE "sessions" ADD COLUMN "id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "step_up_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_id_uq" ON "sessions" USING btree ("id");--> statement-breakpoint
-- Sessions made before these columns count as proven when they were made, not now.
UPDATE "sessions" SET "step_up_at" = "created_at";
