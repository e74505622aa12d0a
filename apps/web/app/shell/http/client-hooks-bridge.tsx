import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { clearActiveTenant, setActiveTenant } from "../../features/tenant/active-tenant";
import { useLocale } from "../i18n/use-locale";
import type { RootData } from "../root-data";
import { setClientHooks } from "./client";

/** Navigation state of tenant selection after a call found the organisation unusable. */
export interface TenantLossState {
  tenantLost: string;
}

/**
 * Connects the HTTP client to the router: a dead session refreshes the session state and, unless the
 * call ignores auth errors, goes to sign-in with the way back (replacing history); a tenant error
 * forgets the organisation and goes to tenant selection, saying why (docs/architecture.md, "Decisions and why"). Also remembers an organisation the server picked because it was the only one.
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
      refreshSession() {
        void revalidator.revalidate();
      },
      onAuthError() {
        queryClient.clear();
        if (!location.pathname.includes("/login")) {
          const back = encodeURIComponent(location.pathname + location.search);
          navigate(`${to("/login")}?redirect=${back}`, { replace: true });
        }
      },
      onTenantError(_code, message) {
        if (userId) clearActiveTenant(userId);
        queryClient.clear();
        // The selection page says why the person was brought there (the server's words).
        const state: TenantLossState = { tenantLost: message };
        navigate(to("/dashboard/tenants"), { replace: true, state });
        // The root data still names the lost organisation: read it again without the cookie.
        void revalidator.revalidate();
      },
    });
  }, [locale, to, navigate, location, queryClient, revalidator, tenantId, userId]);
  return null;
}
