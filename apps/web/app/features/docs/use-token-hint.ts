import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";
import { useApiKeys } from "../api-key";

/**
 * For a signed-in reader who may list the organisation's API keys: the visible start of their
 * newest working test key ("nc_test_4f3k…"), which the reference shows in its empty token field as
 * a reminder of which key to paste. Only the prefix: a key's secret is never stored, so it cannot
 * be filled in (docs/security.md, "What is protected, and from whom"). Null when signed out, not allowed or without one.
 */
export function useTokenHint(): string | null {
  const { tenant, can } = useTenantAccess();
  const allowed = tenant !== null && can(ROUTE_PERMISSIONS.apiKeys);
  const { data } = useApiKeys(tenant?.tenant.id ?? "", allowed);
  if (!allowed) return null;
  const key = data?.find((k) => k.mode === "test" && (k.status === "active" || k.status === "rolling"));
  return key ? `${key.hint.split("…")[0]}…` : null;
}
