import { Layout, Space, theme } from "antd";
import { Link } from "react-router";
import { useLocale } from "../i18n/use-locale";
import { BrandLogo } from "./brand-logo";
import { HeaderTools } from "./header-tools";

/**
 * The slim header of the frames without a side menu: brand on the left, tools on the right, then
 * what the frame adds (the user menu where someone is signed in).
 */
export function BrandHeader({ home, end }: { home: string; end?: React.ReactNode }) {
  const { cssVar } = theme.useToken();
  const { to } = useLocale();
  return (
    <Layout.Header
      style={{
        background: cssVar.colorBgContainer,
        display: "flex",
        justifyContent: "space-between",
        alignItems: "center",
        padding: "0 16px",
      }}
    >
      <Link to={to(home)} style={{ color: cssVar.colorText, textDecoration: "none" }}>
        <BrandLogo />
      </Link>
      <Space size={4}>
        <HeaderTools />
        {end}
      </Space>
    </Layout.Header>
  );
}
