import { Layout } from "antd";
import { Outlet } from "react-router";
import { BrandHeader } from "../components/brand-header";

/** A bare dashboard frame for pages open to anyone (403, unknown dashboard paths). */
export default function DashboardBasicLayout() {
  return (
    <Layout style={{ minHeight: "100vh" }}>
      <BrandHeader home="/dashboard" />
      <Layout.Content style={{ padding: 24 }}>
        <Outlet />
      </Layout.Content>
    </Layout>
  );
}
