CREATE TABLE "fraud_list_entries" (
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"entry" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fraud_list_entries_tenant_id_kind_entry_pk" PRIMARY KEY("tenant_id","kind","entry")
);
--> statement-breakpoint
ALTER TABLE "fraud_list_entries" ADD CONSTRAINT "fraud_list_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fraud_list_entries" ADD CONSTRAINT "fraud_list_entries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;