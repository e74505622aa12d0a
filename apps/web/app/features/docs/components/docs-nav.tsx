import { ApiOutlined } from "@ant-design/icons";
import { splitLocalePath } from "@nc/contracts/locales";
import { ConfigProvider, Menu } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { API_REFERENCE_PATH, type DocNavSection, sectionOf } from "../doc-sections";

// Denser than the dashboard's menu: a documentation index is long.
const MENU_TOKENS = { itemHeight: 34, itemMarginBlock: 2, itemMarginInline: 0, groupTitleFontSize: 12 };

/** The sections and their pages, in order; the API section starts with the interactive reference. */
export function DocsNav({ nav, onNavigate }: { nav: DocNavSection[]; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { rest } = splitLocalePath(useLocation().pathname);
  const item = (path: string, label: React.ReactNode, icon?: React.ReactNode) => ({
    key: path,
    icon,
    label: (
      <Link to={to(path)} onClick={onNavigate}>
        {label}
      </Link>
    ),
  });
  const items = nav
    .filter((section) => section.pages.length > 0)
    .map((section) => ({
      type: "group" as const,
      key: section.key,
      label: t(sectionOf(section.key).titleKey),
      children: [
        ...(section.key === "api"
          ? [item(API_REFERENCE_PATH, t("docs:nav.reference"), <ApiOutlined />)]
          : []),
        ...section.pages.map((page) => item(page.path, page.title)),
      ],
    }));
  return (
    <ConfigProvider theme={{ components: { Menu: MENU_TOKENS } }}>
      <Menu
        className="docs-nav-menu"
        mode="inline"
        items={items}
        selectedKeys={[rest]}
        aria-label={t("docs:title")}
      />
    </ConfigProvider>
  );
}
