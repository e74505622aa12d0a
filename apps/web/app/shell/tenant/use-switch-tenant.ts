import { useQueryClient } from "@tanstack/react-query";
import { useNavigate, useRevalidator } from "react-router";
import { useLocale } from "../i18n/use-locale";
import { useSessionUser } from "../session/use-session-user";
import { setActiveTenant } from "./active-tenant";

/** Makes an organisation the active one and opens the dashboard inside it. */
export function useSwitchTenant() {
  const user = useSessionUser();
  const client = useQueryClient();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const { to } = useLocale();
  return async (tenantId: string, path = "/dashboard") => {
    if (!user) return;
    setActiveTenant(user.id, tenantId);
    // Cached answers belong to the previous organisation.
    client.clear();
    navigate(to(path));
    await revalidator.revalidate();
  };
}
