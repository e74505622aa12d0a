import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRevalidator } from "react-router";
import { useLocale } from "../../shell/i18n/use-locale";
import { setActiveTenant } from "../tenant/active-tenant";

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
    client.clear();
    navigate(to("/dashboard"), { replace: true });
    await revalidator.revalidate();
  };
}
