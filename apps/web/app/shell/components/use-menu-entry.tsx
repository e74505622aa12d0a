import { type ComponentType, createElement } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../i18n/use-locale";

/** What a side-menu entry needs of a page in the dashboard's or the operator console's page table. */
export interface MenuPage {
  path: string;
  titleKey: string;
  icon?: ComponentType;
}

/**
 * The side menus of the dashboard and the operator console build their antd items the same way:
 * keyed by path, the page's icon, and a link in the visitor's locale that closes the mobile drawer.
 */
export function useMenuEntry(onNavigate?: () => void) {
  const { t } = useTranslation();
  const { to } = useLocale();
  return (p: MenuPage) => ({
    key: p.path,
    icon: p.icon ? createElement(p.icon) : undefined,
    label: (
      <Link to={to(p.path)} onClick={onNavigate}>
        {t(p.titleKey)}
      </Link>
    ),
  });
}
