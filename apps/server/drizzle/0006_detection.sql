CREATE TABLE "detection_items" (
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"input" text NOT NULL,
	"e164" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"reject_reason" text,
	"result" jsonb,
	"cost_micros" bigint DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "detection_items_job_id_seq_pk" PRIMARY KEY("job_id","seq")
);
--> statement-breakpoint
CREATE TABLE "detection_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"service" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"duplicates" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"unit_price_micros" bigint DEFAULT 0 NOT NULL,
	"charged_micros" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"reservation_id" uuid,
	"submitted_by" uuid,
	"default_country" text,
	"file_name" text,
	"sandbox" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "detection_items" ADD CONSTRAINT "detection_items_job_id_detection_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."detection_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detection_jobs" ADD CONSTRAINT "detection_jobs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detection_jobs" ADD CONSTRAINT "detection_jobs_reservation_id_reservations_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."reservations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detection_jobs" ADD CONSTRAINT "detection_jobs_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "detection_items_job_status_idx" ON "detection_items" USING btree ("job_id","status");--> statement-breakpoint
CREATE INDEX "detection_jobs_tenant_created_idx" ON "detection_jobs" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "detection_jobs_status_idx" ON "detection_jobs" USING btree ("status");