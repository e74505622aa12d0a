import type { ApiKeyView } from "@nc/contracts/api-keys";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../shell/i18n/use-locale";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";
import { useTenantDate } from "../../shell/tenant/use-tenant-date";
import { relativeTime } from "./relative-time";

/** The times of a key as the list words them, in the organisation's time zone. */
export function useKeyTimes() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const date = useTenantDate();
  const { tenant } = useTenantAccess();
  // The table shows days only, to stay narrow; the time is in the tooltip.
  const dayFormat = new Intl.DateTimeFormat(locale, {
    timeZone: tenant?.tenant.timezoneCode ?? "UTC",
    dateStyle: "medium",
  });
  // Lists are only fetched in the browser, so "now" here never differs from a server render.
  const day = (iso: string) => dayFormat.format(new Date(iso));
  return {
    date,
    day,
    lastUsed: (key: ApiKeyView) =>
      key.lastUsedAt
        ? (relativeTime(key.lastUsedAt, locale) ?? day(key.lastUsedAt))
        : t("apiKeys:times.neverUsed"),
    expires: (key: ApiKeyView) => (key.expiresAt ? day(key.expiresAt) : t("apiKeys:times.never")),
    /** Under the status tag: when a revoked key stopped, or when a rolled one will. */
    statusNote: (key: ApiKeyView) =>
      key.revokedAt && (key.status === "revoked" || key.status === "rolling")
        ? t(`apiKeys:statusNote.${key.status}`, { time: date(key.revokedAt) })
        : null,
  };
}
