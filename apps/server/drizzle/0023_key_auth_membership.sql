-- An API key works only while its creator is a member who may make keys (docs/security.md, roles
-- and rights), and each process caches that with the key (features/api-key/key-auth-cache.ts):
-- memberships, roles and the creator's platform rights announce their changes on the same channel,
-- so a creator who leaves or loses apikey:create stops their keys from the next request on.
CREATE TRIGGER tenant_members_key_auth_change
  AFTER INSERT OR DELETE OR UPDATE OF role_id, user_id, tenant_id
  ON tenant_members FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_change('api_key_auth');--> statement-breakpoint
CREATE TRIGGER roles_key_auth_change
  AFTER DELETE OR UPDATE OF permissions, is_super, tenant_id
  ON roles FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_change('api_key_auth');--> statement-breakpoint
CREATE TRIGGER users_key_auth_change
  AFTER DELETE OR UPDATE OF platform_admin, partner_id
  ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_cached_change('api_key_auth');
