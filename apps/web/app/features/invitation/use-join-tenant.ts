import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRevalidator } from "react-router";
import { useLocale } from "../../shell/i18n/use-locale";
import { setActiveTenant } from "../../shell/tenant/active-tenant";
import { INVITE_CHECK_KEY } from "./api/check-invite";

/**
 * After an invitation is accepted: the new organisation becomes the active one, cached answers
 * are dropped, the profile (session, tenant, permissions) is loaded again, and the dashboard opens.
 */
export function useJoinTenant() {
  const client = useQueryClient();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { to } = useLocale();
  return async (userId: string, tenantId: string) => {
    setActiveTenant(userId, tenantId);
    // Every cached answer goes but the invitation's own check: the page showing it is still
    // mounted until the dashboard opens, and would ask again with a token that is used now (40025).
    client.removeQueries({ predicate: (query) => query.queryKey[0] !== INVITE_CHECK_KEY });
    navigate(to("/dashboard"), { replace: true });
    await revalidator.revalidate();
  };
}
