import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";

/** "Deleted on December 26, 2026": when an organisation's data goes, in the reader's language. */
export const purgeDateText = (t: TFunction, locale: string, at: string) =>
  t("privacy:tenant.purgeOn", {
    date: new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(at)),
  });

export function PurgeDate({ at }: { at: string | null }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (!at) return null;
  return <span data-testid="purge-date">{purgeDateText(t, locale, at)}</span>;
}
