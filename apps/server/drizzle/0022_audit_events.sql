-- The audit log is append-only (docs/security.md, "Audit log"): the application only inserts.
-- An UPDATE, DELETE or TRUNCATE is refused unless the transaction first sets
-- nc.audit_purge = 'on' (set_config(..., true), local to that transaction), which only the
-- retention purge and the erasure of personal fields do (features/audit/audit-repo.ts).
-- This guards against a bug or an injected statement in the application, not against a database
-- superuser, who can drop the trigger.
CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid,
	"actor_type" text NOT NULL,
	"actor_id" uuid,
	"actor_label" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_events_tenant_created_idx" ON "audit_events" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_tenant_actor_idx" ON "audit_events" USING btree ("tenant_id","actor_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at");--> statement-breakpoint
CREATE FUNCTION audit_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('nc.audit_purge', true), '') <> 'on' THEN
    RAISE EXCEPTION 'audit_events is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_append_only BEFORE UPDATE OR DELETE ON audit_events
  FOR EACH ROW EXECUTE FUNCTION audit_events_append_only();--> statement-breakpoint
CREATE TRIGGER audit_events_no_truncate BEFORE TRUNCATE ON audit_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_events_append_only();
--> statement-breakpoint
-- The built-in Admin role holds every customer permission (permission-catalog.ts); roles are
-- stored per organisation, so existing Admin roles get the new audit:read here. Owner is super.
UPDATE roles SET permissions = permissions || '["audit:read"]'::jsonb
  WHERE key = 'admin' AND NOT permissions ? 'audit:read';
