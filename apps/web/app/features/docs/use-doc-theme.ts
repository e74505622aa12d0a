import { theme } from "antd";
import type { CSSProperties } from "react";

/** The theme's colours and fonts as the custom properties docs.css reads. */
export function useDocTheme(): CSSProperties {
  const { token } = theme.useToken();
  return {
    "--doc-bg": token.colorBgContainer,
    "--doc-header-bg": token.colorBgContainer,
    "--doc-text": token.colorText,
    "--doc-text-secondary": token.colorTextSecondary,
    "--doc-text-tertiary": token.colorTextTertiary,
    "--doc-border": token.colorBorderSecondary,
    "--doc-fill": token.colorFillTertiary,
    "--doc-primary": token.colorPrimary,
    "--doc-primary-bg": token.colorPrimaryBg,
    "--doc-font": token.fontFamily,
    "--doc-mono": token.fontFamilyCode,
  } as CSSProperties;
}
