import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";

/** "December 26, 2026": the day data goes, in the reader's language (and zone, unless given). */
export const purgeDay = (locale: string, at: string, timeZone?: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone }).format(new Date(at));

/** "Deleted on December 26, 2026": when an organisation's data goes, in the reader's language. */
export const purgeDateText = (t: TFunction, locale: string, at: string) =>
  t("privacy:tenant.purgeOn", { date: purgeDay(locale, at) });

export function PurgeDate({ at }: { at: string | null }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (!at) return null;
  return <span data-testid="purge-date">{purgeDateText(t, locale, at)}</span>;
}
