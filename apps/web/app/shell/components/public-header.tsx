import { Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDevice } from "../device/use-device";
import { useScreenAtLeast } from "../device/use-screen-at-least";
import { useLocale } from "../i18n/use-locale";
import { useSessionUser } from "../session/use-session-user";
import { BrandLogo } from "./brand-logo";
import { HeaderTools } from "./header-tools";

/** Where the public pages send developers: the guide that starts with the API. */
export const API_DOCS_PATH = "/docs/getting-started";

/**
 * The public pages' top bar (home, coverage): brand (a link home from other pages), language and
 * colour mode, coverage and docs (from tablets up), the way in.
 */
export function PublicHeader({ linkHome = false }: { linkHome?: boolean }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const user = useSessionUser();
  const device = useDevice();
  const narrow = !useScreenAtLeast("m", !device.mobileOrTablet);
  return (
    <header
      style={{
        display: "flex",
        alignItems: "center",
        justifyContent: "space-between",
        padding: "12px 20px",
        gap: 8,
        flexWrap: "wrap",
      }}
    >
      {linkHome ? (
        <Link to={to("/")} style={{ color: "inherit", textDecoration: "none" }}>
          <BrandLogo />
        </Link>
      ) : (
        <BrandLogo />
      )}
      <Space size={4} wrap>
        <HeaderTools />
        {!narrow && (
          <>
            <Link to={to("/coverage")}>
              <Button type="text">{t("coverage:nav")}</Button>
            </Link>
            <Link to={to(API_DOCS_PATH)}>
              <Button type="text">{t("docs:nav.docs")}</Button>
            </Link>
          </>
        )}
        {user ? (
          <Link to={to("/dashboard")}>
            <Button type="primary">{t("home:nav.dashboard")}</Button>
          </Link>
        ) : (
          <>
            <Link to={to("/login")}>
              <Button type="text">{t("home:nav.signIn")}</Button>
            </Link>
            {!narrow && (
              <Link to={to("/register")}>
                <Button type="primary">{t("home:nav.getStarted")}</Button>
              </Link>
            )}
          </>
        )}
      </Space>
    </header>
  );
}
