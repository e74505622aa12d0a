import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useNavigate, useRevalidator, useRouteLoaderData } from "react-router";
import { useLocale } from "../i18n/use-locale";
import type { RootData } from "../root-data";
import { clearActiveTenant, setActiveTenant } from "../tenant/active-tenant";
import { setClientHooks } from "./client";
import { useLossNavigation } from "./use-loss-navigation";

/** Navigation state of tenant selection after a call found the organisation unusable. */
export interface TenantLossState {
  tenantLost: string;
}

/**
 * Connects the HTTP client to the router: a dead session refreshes the session state and, unless the
 * call ignores auth errors, goes to sign-in with the way back (replacing history); a tenant error
 * forgets the organisation and goes to tenant selection, saying why. Either move is made once, after
 * any navigation under way (use-loss-navigation.ts) (docs/architecture.md, "Decisions and why"). Also remembers an organisation the server picked because it was the only one.
 */
export function ClientHooksBridge() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const { locale, to } = useLocale();
  const root = useRouteLoaderData("root") as RootData | undefined;
  const userId = root?.user?.id ?? null;
  const tenantId = root?.tenant?.tenant.id ?? null;

  useEffect(() => {
    if (userId && tenantId && root?.tenantAutoSelected) setActiveTenant(userId, tenantId);
  }, [userId, tenantId, root?.tenantAutoSelected]);

  const leave = useLossNavigation((loss, from) => {
    queryClient.clear();
    if (loss.kind === "session") {
      if (from.pathname.includes("/login")) return false;
      const back = encodeURIComponent(from.pathname + from.search);
      navigate(`${to("/login")}?redirect=${back}`, { replace: true });
      return true;
    }
    if (userId) clearActiveTenant(userId);
    // The selection page says why the person was brought there (the server's words).
    const state: TenantLossState = { tenantLost: loss.message };
    navigate(to("/dashboard/tenants"), { replace: true, state });
    // The root data still names the lost organisation: read it again without the cookie.
    void revalidator.revalidate();
    return true;
  });

  useEffect(() => {
    setClientHooks({
      locale: () => locale,
      tenantId: () => tenantId,
      refreshSession() {
        void revalidator.revalidate();
      },
      onAuthError: () => leave({ kind: "session" }),
      onTenantError: (_code, message) => leave({ kind: "tenant", message }),
    });
  }, [locale, revalidator, tenantId, leave]);
  return null;
}
