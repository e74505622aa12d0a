CREATE TABLE "detection_item_chunks" (
	"job_id" uuid NOT NULL,
	"first_seq" integer NOT NULL,
	"last_seq" integer NOT NULL,
	"counts" jsonb NOT NULL,
	"items" "bytea" NOT NULL,
	CONSTRAINT "detection_item_chunks_job_id_first_seq_pk" PRIMARY KEY("job_id","first_seq")
);
--> statement-breakpoint
ALTER TABLE "detection_item_chunks" ADD CONSTRAINT "detection_item_chunks_job_id_detection_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."detection_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detection_item_chunks" ALTER COLUMN "items" SET STORAGE EXTERNAL;