import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { clearActiveTenant, setActiveTenant } from "../../features/tenant/active-tenant";
import { useLocale } from "../i18n/use-locale";
import type { RootData } from "../root-data";
import { setClientHooks } from "./client";

/**
 * Connects the HTTP client to the router: a dead session refreshes the session state and goes to
 * sign-in (replacing history); a tenant error forgets the organisation and goes to tenant selection
 * (spec section 8). Also remembers an organisation the server picked because it was the only one.
 */
export function ClientHooksBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const { locale, to } = useLocale();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const userId = root?.user?.id ?? null;
  const tenantId = root?.tenant?.tenant.id ?? null;

  useEffect(() => {
    if (userId && tenantId && root?.tenantAutoSelected) setActiveTenant(userId, tenantId);
  }, [userId, tenantId, root?.tenantAutoSelected]);

  useEffect(() => {
    setClientHooks({
      locale: () => locale,
      tenantId: () => tenantId,
      onAuthError() {
        queryClient.clear();
        void revalidator.revalidate();
        if (!location.pathname.includes("/login")) {
          const back = encodeURIComponent(location.pathname + location.search);
          navigate(`${to("/login")}?redirect=${back}`, { replace: true });
        }
      },
      onTenantError() {
        if (userId) clearActiveTenant(userId);
        queryClient.clear();
        navigate(to("/dashboard/tenants"), { replace: true });
      },
    });
  }, [locale, to, navigate, location, queryClient, revalidator, tenantId, userId]);
  return null;
}
