import { MenuOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { BrandLogo } from "../../../shell/components/brand-logo";
import { ColorModeSwitch } from "../../../shell/components/color-mode-switch";
import { LocaleSwitcher } from "../../../shell/components/locale-switcher";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useSessionUser } from "../../../shell/session/use-session-user";
import { API_REFERENCE_PATH } from "../doc-sections";

/**
 * The documentation's top bar: brand, the guides and the API reference, language, colour mode
 * (not on the always-dark reference) and the way into the dashboard.
 */
export function DocsHeader(props: {
  active: "guides" | "reference";
  guidesPath: string;
  onMenu?: () => void;
  colorMode?: boolean;
}) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const user = useSessionUser();
  const current = (key: typeof props.active) => (props.active === key ? "page" : undefined);
  return (
    <header className="docs-header">
      <div className="docs-header-start">
        {props.onMenu && (
          <Button
            className="docs-menu-button"
            type="text"
            icon={<MenuOutlined />}
            aria-label={t("docs:nav.menu")}
            onClick={props.onMenu}
          />
        )}
        <Link to={to("/")} className="docs-brand">
          <BrandLogo />
        </Link>
        <span className="docs-header-divider" />
        <Link to={to(props.guidesPath)} className="docs-header-title">
          {t("docs:nav.docs")}
        </Link>
      </div>
      <nav className="docs-header-links">
        <Link to={to(props.guidesPath)} aria-current={current("guides")}>
          {t("docs:nav.guides")}
        </Link>
        <Link to={to(API_REFERENCE_PATH)} aria-current={current("reference")}>
          {t("docs:nav.reference")}
        </Link>
      </nav>
      <div className="docs-header-end">
        <LocaleSwitcher />
        {props.colorMode !== false && <ColorModeSwitch />}
        <Link to={to(user ? "/dashboard" : "/login")}>
          <Button type={user ? "primary" : "default"}>
            {user ? t("home:nav.dashboard") : t("home:nav.signIn")}
          </Button>
        </Link>
      </div>
    </header>
  );
}
