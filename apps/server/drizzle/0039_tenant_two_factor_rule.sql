ALTER TABLE "tenants" ADD COLUMN "require_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "keys_without_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A key's answer depends on its organisation's two-factor rule and on whether its creator has
-- two-factor sign-in (features/api-key, forAuth): a change of either drops the cached keys.
CREATE TRIGGER tenants_key_auth_two_factor_change
  AFTER UPDATE OF require_two_factor, keys_without_two_factor
  ON tenants FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_change('api_key_auth');--> statement-breakpoint
CREATE TRIGGER user_two_factor_key_auth_change
  AFTER INSERT OR DELETE OR UPDATE OF enabled_at
  ON user_two_factor FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_change('api_key_auth');
