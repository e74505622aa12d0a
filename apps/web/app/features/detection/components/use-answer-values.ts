import { useTranslation } from "react-i18next";
import { countryName } from "../../../shell/components/countries";
import { useLocale } from "../../../shell/i18n/use-locale";

/** How an answer's card writes a yes / no / unknown and a country, in the page's language. */
export function useAnswerValues() {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const dash = "—";
  return {
    dash,
    tri: (value: boolean | null | undefined) =>
      value === true ? t("detection:yes") : value === false ? t("detection:no") : t("detection:unknown"),
    country: (code: string | null | undefined) => (code ? `${countryName(code, locale)} (${code})` : dash),
  };
}
