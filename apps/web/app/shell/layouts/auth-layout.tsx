import { Card, Layout, theme } from "antd";
import { Link, Outlet } from "react-router";
import { BrandLogo } from "../components/brand-logo";
import { HeaderTools } from "../components/header-tools";
import { SiteFooter } from "../components/site-footer";
import { useLocale } from "../i18n/use-locale";

/** Sign-in, sign-up and reset pages: the brand, the language and colour tools, one card. */
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
        <HeaderTools />
      </header>
      <main style={{ flex: 1, display: "grid", placeItems: "start center", padding: "24px 16px 48px" }}>
        <Card style={{ width: "100%", maxWidth: 440 }} styles={{ body: { padding: 28 } }}>
          <Outlet />
        </Card>
      </main>
      <SiteFooter />
    </Layout>
  );
}
