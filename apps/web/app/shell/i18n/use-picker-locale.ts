import { ConfigProvider, type DatePickerProps } from "antd";
import { useContext, useMemo } from "react";
import { useLocale } from "./use-locale";

type Names = (options: Intl.DateTimeFormatOptions, count: number, at: (i: number) => Date) => string[];

/**
 * antd's date pickers take month and weekday names from dayjs locales, which the app does not load
 * (dayjs is antd's dependency, not ours), so the calendar read "Su Mo Tu… Nov" in every language.
 * Intl knows the names in the page's language; they go to the picker on top of antd's locale pack.
 */
export function usePickerLocale(): DatePickerProps["locale"] {
  const { locale } = useLocale();
  const pack = useContext(ConfigProvider.ConfigContext).locale?.DatePicker;
  return useMemo(() => {
    if (!pack || locale === "en") return pack;
    const names: Names = (options, count, at) => {
      const format = new Intl.DateTimeFormat(locale, { ...options, timeZone: "UTC" });
      return Array.from({ length: count }, (_, i) => format.format(at(i)));
    };
    return {
      ...pack,
      lang: {
        ...pack.lang,
        // Sunday first, as dayjs lists them: 1 January 2023 was a Sunday.
        shortWeekDays: names({ weekday: "short" }, 7, (i) => new Date(Date.UTC(2023, 0, 1 + i))),
        shortMonths: names({ month: "short" }, 12, (i) => new Date(Date.UTC(2023, i, 1))),
      },
    };
  }, [pack, locale]);
}
