import { microsToDecimal } from "@nc/contracts/money";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../shell/i18n/use-locale";

/** Number formats of the usage page in the page's language (counts, shares, latencies, days). */
export function useUsageFormat() {
  const { locale } = useLocale();
  const { t } = useTranslation();
  return useMemo(() => {
    const count = new Intl.NumberFormat(locale);
    const compact = new Intl.NumberFormat(locale, { notation: "compact", maximumFractionDigits: 1 });
    const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 });
    const ms = new Intl.NumberFormat(locale, {
      style: "unit",
      unit: "millisecond",
      maximumFractionDigits: 0,
    });
    const seconds = new Intl.NumberFormat(locale, {
      style: "unit",
      unit: "second",
      maximumFractionDigits: 1,
    });
    const day = new Intl.DateTimeFormat(locale, { month: "short", day: "numeric", timeZone: "UTC" });
    const longDay = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" });
    return {
      count: (n: number) => count.format(n),
      compact: (n: number) => compact.format(n),
      percent: (share: number) => percent.format(share),
      /** A latency; "—" when there were no calls to measure. */
      ms: (value: number | null) =>
        value === null
          ? t("apiUsage:none")
          : value >= 1_000
            ? seconds.format(value / 1_000)
            : ms.format(value),
      /** A YYYY-MM-DD day, short ("Mar 5") or medium ("Mar 5, 2026"); days carry no time zone. */
      day: (d: string) => day.format(new Date(`${d}T00:00:00Z`)),
      longDay: (d: string) => longDay.format(new Date(`${d}T00:00:00Z`)),
      /** Money in micros as a plain number of currency units, for chart heights. */
      units: (micros: string) => Number(microsToDecimal(micros)),
    };
  }, [locale, t]);
}
