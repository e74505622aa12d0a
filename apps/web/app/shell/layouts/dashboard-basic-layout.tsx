import { Layout, theme } from "antd";
import { Link, Outlet } from "react-router";
import { BrandLogo } from "../components/brand-logo";
import { HeaderTools } from "../components/header-tools";
import { useLocale } from "../i18n/use-locale";

/** A bare dashboard frame for pages open to anyone (403, unknown dashboard paths). */
export default function DashboardBasicLayout() {
  const { token } = theme.useToken();
  const { to } = useLocale();
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          display: "flex",
          justifyContent: "space-between",
          alignItems: "center",
          padding: "0 16px",
        }}
      >
        <Link to={to("/dashboard")} style={{ color: token.colorText, textDecoration: "none" }}>
          <BrandLogo />
        </Link>
        <HeaderTools />
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
