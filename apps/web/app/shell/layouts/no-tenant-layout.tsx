import { Layout, theme } from "antd";
import { Link, Outlet } from "react-router";
import { BrandLogo } from "../components/brand-logo";
import { HeaderTools } from "../components/header-tools";
import { useLocale } from "../i18n/use-locale";
import { requireUser } from "../require-user.server";
import type { Route } from "./+types/no-tenant-layout";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

/** Signed in but outside any organisation: the brand and tools, no tenant menu. */
export default function NoTenantLayout() {
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
        <Link to={to("/")} style={{ color: token.colorText, textDecoration: "none" }}>
          <BrandLogo />
        </Link>
        <HeaderTools />
      </Layout.Header>
      <Layout.Content style={{ padding: 24, display: "grid", placeItems: "start center" }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
