ALTER TABLE "users" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "purge_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_purge_idx" ON "users" USING btree ("purge_after") WHERE purge_after is not null;--> statement-breakpoint
-- A person waiting to be deleted stops their API keys at once, in every process: their status is
-- read with the key (features/api-key, forAuth), so a change of it drops the cached keys.
CREATE TRIGGER users_key_auth_status_change
  AFTER UPDATE OF status
  ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_change('api_key_auth');
