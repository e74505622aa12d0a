-- Rows that server processes cache (API keys with their organisation, price lists) announce
-- their changes: every process LISTENs and drops its cache on the notification (db/change-feed.ts).
CREATE OR REPLACE FUNCTION notify_cached_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(TG_ARGV[0], '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER api_keys_cached_change
  AFTER INSERT OR DELETE OR UPDATE OF mode, scopes, lookup, digest, ip_allow_list, expires_at, revoked_at, created_by, tenant_id
  ON api_keys FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_change('api_key_auth');--> statement-breakpoint
CREATE TRIGGER tenants_key_auth_change
  AFTER DELETE OR UPDATE OF status, timezone_code, partner_id
  ON tenants FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_change('api_key_auth');--> statement-breakpoint
CREATE TRIGGER tenants_price_change
  AFTER DELETE OR UPDATE OF partner_id
  ON tenants FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_change('price_lists');--> statement-breakpoint
CREATE TRIGGER price_entries_cached_change
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON price_entries FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_change('price_lists');
