import { useLocale } from "../i18n/use-locale";
import { useTenantAccess } from "./use-tenant-access";

/**
 * Formats instants in the organisation's time zone (tenant.timezoneCode), in the page's language,
 * to the minute; `"medium"` adds the seconds (the API request log, where calls come seconds apart).
 */
export function useTenantDate(timeStyle: "short" | "medium" = "short"): (iso: string | Date) => string {
  const { tenant } = useTenantAccess();
  const { locale } = useLocale();
  const format = new Intl.DateTimeFormat(locale, {
    timeZone: tenant?.tenant.timezoneCode ?? "UTC",
    dateStyle: "medium",
    timeStyle,
  });
  return (value) => format.format(typeof value === "string" ? new Date(value) : value);
}
