import { Layout } from "antd";
import { Outlet } from "react-router";
import { BrandHeader } from "../components/brand-header";
import { UserMenu } from "../components/user-menu";
import { requireUser } from "../require-user.server";
import type { Route } from "./+types/no-tenant-layout";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

/** Signed in but outside any organisation: the brand, tools and user menu, no tenant menu. */
export default function NoTenantLayout() {
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <BrandHeader home="/" end={<UserMenu />} />
      <Layout.Content style={{ padding: 24, display: "grid", placeItems: "start center" }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
