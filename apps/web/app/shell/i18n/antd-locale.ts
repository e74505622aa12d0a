import type { Locale } from "@nc/contracts/locales";
import type { Locale as AntdLocale } from "antd/es/locale";
import enUS from "antd/locale/en_US";
import esES from "antd/locale/es_ES";
import ptBR from "antd/locale/pt_BR";
import zhCN from "antd/locale/zh_CN";

/** antd's own texts (pagination, date pickers, empty states) follow the page's language. */
const PACKS: Record<Locale, AntdLocale> = { en: enUS, "zh-Hans": zhCN, es: esES, pt: ptBR };

export const antdLocale = (locale: Locale): AntdLocale => PACKS[locale];
