CREATE TABLE "detection_item_columns" (
	"job_id" uuid NOT NULL,
	"first_seq" integer NOT NULL,
	"last_seq" integer NOT NULL,
	"cells" "bytea" NOT NULL,
	CONSTRAINT "detection_item_columns_job_id_first_seq_pk" PRIMARY KEY("job_id","first_seq")
);
--> statement-breakpoint
ALTER TABLE "detection_jobs" ADD COLUMN "file_columns" jsonb;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "keep_file_columns" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "detection_item_columns" ADD CONSTRAINT "detection_item_columns_job_id_detection_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."detection_jobs"("id") ON DELETE cascade ON UPDATE no action;