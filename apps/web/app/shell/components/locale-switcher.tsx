import { GlobalOutlined } from "@ant-design/icons";
import {
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE_S,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  localizePath,
  splitLocalePath,
} from "@nc/contracts/locales";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { useLocale } from "../i18n/use-locale";
import { setPreferenceCookie } from "../preference-cookie";

/** Switches language: remembers the choice (cookie, 365 days) and moves to the same page in it. */
export function LocaleSwitcher() {
  const { locale } = useLocale();
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const change = (next: Locale) => {
    setPreferenceCookie(LOCALE_COOKIE, next, LOCALE_COOKIE_MAX_AGE_S);
    const { rest } = splitLocalePath(location.pathname);
    navigate(localizePath(rest, next) + location.search + location.hash);
  };
  return (
    <Select<Locale>
      aria-label={t("common:language")}
      value={locale}
      onChange={change}
      variant="borderless"
      suffixIcon={<GlobalOutlined />}
      popupMatchSelectWidth={false}
      options={LOCALES.map((l) => ({ value: l, label: <span lang={l}>{LOCALE_NAMES[l]}</span> }))}
      data-testid="locale-switcher"
    />
  );
}
