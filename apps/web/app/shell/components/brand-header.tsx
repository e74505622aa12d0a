import { Layout, theme } from "antd";
import { Link } from "react-router";
import { useLocale } from "../i18n/use-locale";
import { BrandLogo } from "./brand-logo";
import { HeaderTools } from "./header-tools";

/** The slim header of the frames without a side menu: brand on the left, tools on the right. */
export function BrandHeader({ home }: { home: string }) {
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
      <HeaderTools />
    </Layout.Header>
  );
}
