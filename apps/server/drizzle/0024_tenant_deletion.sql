-- Deleting an organisation waits for a grace period (TENANT_DELETION_GRACE_DAYS) in which an owner
-- may restore it; the housekeeping removes its data at purge_after and keeps the ledger
-- (docs/security.md, "Privacy: export and deletion"). A deleted account no longer blocks on the
-- organisations it created: created_by becomes null like every other "made by" column.
ALTER TABLE "tenants" DROP CONSTRAINT "tenants_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "deletion_requested_by" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "purge_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_deletion_requested_by_users_id_fk" FOREIGN KEY ("deletion_requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tenants_purge_idx" ON "tenants" USING btree ("purge_after") WHERE purge_after is not null;