import type { i18n } from "i18next";
import { useMemo } from "react";
import { createI18n } from "./i18n";
import { type LocaleData, messagesOf } from "./locale-data";

/** An i18next instance for a locale layout's data (language and catalogue text), made once per pair. */
export function useLocaleI18n({ locale, catalogue }: LocaleData): i18n {
  return useMemo(() => createI18n(locale, messagesOf({ catalogue }) ?? {}), [locale, catalogue]);
}
