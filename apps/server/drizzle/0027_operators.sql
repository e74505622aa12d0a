CREATE TABLE "operators" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"permissions" text[] NOT NULL,
	"granted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operators_scope_idx" ON "operators" USING btree ("scope");--> statement-breakpoint
CREATE INDEX "audit_events_operator_idx" ON "audit_events" USING btree ("created_at","id") WHERE actor_type = 'operator';