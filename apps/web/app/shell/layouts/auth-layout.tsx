import { Card, Layout, theme } from "antd";
import { Link, Outlet } from "react-router";
import { BrandLogo } from "../components/brand-logo";
import { HeaderTools } from "../components/header-tools";
import { SiteFooter } from "../components/site-footer";
import { HydratingBoundary } from "../hydration/hydrating-boundary";
import { useLocale } from "../i18n/use-locale";

/**
 * Sign-in, sign-up and reset pages: the brand, the language and colour tools, one card. The tools
 * and the card's page each hydrate in a pass of their own (HydratingBoundary), so the first
 * visit's hydration is several short tasks rather than one long one (docs/performance.md,
 * "Hydration in parts").
 */
export default function AuthLayout() {
  const { cssVar } = theme.useToken();
  const { to } = useLocale();
  return (
    <Layout style={{ minHeight: "100vh", background: cssVar.colorBgLayout }}>
      <header
        style={{
          display: "flex",
          justifyContent: "space-between",
          alignItems: "center",
          padding: "12px 20px",
        }}
      >
        <Link to={to("/")} style={{ color: cssVar.colorText, textDecoration: "none" }}>
          <BrandLogo />
        </Link>
        <HydratingBoundary>
          <HeaderTools />
        </HydratingBoundary>
      </header>
      <main style={{ flex: 1, display: "grid", placeItems: "start center", padding: "24px 16px 48px" }}>
        <Card style={{ width: "100%", maxWidth: 440 }} styles={{ body: { padding: 28 } }}>
          <HydratingBoundary>
            <Outlet />
          </HydratingBoundary>
        </Card>
      </main>
      <SiteFooter />
    </Layout>
  );
}
