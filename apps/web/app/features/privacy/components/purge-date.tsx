import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";

/** "Deleted on 12 March 2027": when an organisation's data goes, in the reader's language. */
export function PurgeDate({ at }: { at: string | null }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (!at) return null;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: "long" }).format(new Date(at));
  return <span data-testid="purge-date">{t("privacy:tenant.purgeOn", { date })}</span>;
}
