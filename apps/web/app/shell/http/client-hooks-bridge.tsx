import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { useLocale } from "../i18n/use-locale";
import { setClientHooks } from "./client";

/**
 * Connects the HTTP client to the router: a dead session refreshes the session state and goes to
 * sign-in (replacing history); a tenant error goes to tenant selection (spec section 8).
 */
export function ClientHooksBridge() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const { locale, to } = useLocale();

  useEffect(() => {
    setClientHooks({
      locale: () => locale,
      onAuthError() {
        queryClient.clear();
        void revalidator.revalidate();
        if (!location.pathname.includes("/login")) {
          const back = encodeURIComponent(location.pathname + location.search);
          navigate(`${to("/login")}?redirect=${back}`, { replace: true });
        }
      },
      onTenantError() {
        navigate(to("/dashboard/tenants"), { replace: true });
      },
    });
  }, [locale, to, navigate, location, queryClient, revalidator]);
  return null;
}
