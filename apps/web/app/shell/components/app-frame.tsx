import { MenuOutlined } from "@ant-design/icons";
import { Button, Layout, theme } from "antd";
import { type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useDevice } from "../device/use-device";
import { useScreenAtLeast } from "../device/use-screen-at-least";
import { HydratingBoundary } from "../hydration/hydrating-boundary";
import { useLocale } from "../i18n/use-locale";
import { lazyComponent } from "../lazy-component";
import { BackToTop } from "./back-to-top";
import { BrandLogo } from "./brand-logo";

// Only a phone opens it, and only on a tap: its script is fetched then, or when the finger or
// pointer reaches the menu button (docs/performance.md, "A phone as slow as Lighthouse's reference").
const MenuDrawer = lazyComponent(() => import("./menu-drawer"), "MenuDrawer");

/**
 * The signed-in frame the dashboard and the operator console share: brand and side menu (a drawer
 * on a phone), a header with what the area puts at its start and end, and the page.
 */
export function AppFrame(props: {
  /** Where the brand in the side menu leads. */
  home: string;
  /** The side menu; `onNavigate` closes the phone's drawer. */
  menu: (onNavigate?: () => void) => ReactNode;
  /** Under the brand in the side menu. */
  caption?: ReactNode;
  /** The header's start on a wide screen. */
  headerStart?: ReactNode;
  /** The header's end: tools and the user menu (narrower on a phone). */
  headerEnd: (wide: boolean) => ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const { cssVar } = theme.useToken();
  const { to } = useLocale();
  // The phone's menu drawer is mounted the first time it opens: closed, it would still mount (and
  // set state as it mounts) with every page (docs/performance.md, "Lighthouse").
  const [drawer, setDrawer] = useState<boolean | null>(null);
  const device = useDevice();
  // Before the first measurement (and on the server) the user agent tells phone from desktop.
  const wide = useScreenAtLeast("m", !device.mobileOrTablet);

  return (
    <Layout style={{ minHeight: "100vh" }}>
      <a className="nc-skip-link" href="#main">
        {t("common:skipToContent")}
      </a>
      {wide && (
        <Layout.Sider width={220} theme="light" style={{ borderInlineEnd: `1px solid ${cssVar.colorSplit}` }}>
          <div style={{ padding: props.caption ? "16px 20px 4px" : "16px 20px" }}>
            <Link to={to(props.home)} style={{ color: cssVar.colorText, textDecoration: "none" }}>
              <BrandLogo />
            </Link>
          </div>
          {props.caption}
          {props.menu()}
        </Layout.Sider>
      )}
      <Layout>
        <Layout.Header
          style={{
            background: cssVar.colorBgContainer,
            borderBottom: `1px solid ${cssVar.colorSplit}`,
            padding: "0 16px",
            display: "flex",
            alignItems: "center",
            gap: 8,
          }}
        >
          {!wide && (
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label={t("common:menu")}
              onPointerDown={MenuDrawer.prefetch}
              onFocus={MenuDrawer.prefetch}
              onClick={() => setDrawer(true)}
            />
          )}
          {!wide && <BrandLogo height={24} compact />}
          {wide && props.headerStart}
          <div style={{ flex: 1 }} />
          <HydratingBoundary>{props.headerEnd(wide)}</HydratingBoundary>
        </Layout.Header>
        <Layout.Content id="main" style={{ padding: wide ? 24 : 12 }}>
          <HydratingBoundary>{props.children}</HydratingBoundary>
        </Layout.Content>
      </Layout>
      {drawer !== null && (
        <Suspense fallback={null}>
          <MenuDrawer open={drawer} onClose={() => setDrawer(false)}>
            {props.menu(() => setDrawer(false))}
          </MenuDrawer>
        </Suspense>
      )}
      <BackToTop />
    </Layout>
  );
}
