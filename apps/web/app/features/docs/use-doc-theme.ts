import { theme } from "antd";
import type { CSSProperties } from "react";

/** The theme's colours and fonts as the custom properties docs.css reads. */
export function useDocTheme(): CSSProperties {
  const { token, cssVar } = theme.useToken();
  return {
    "--doc-bg": cssVar.colorBgContainer,
    "--doc-header-bg": cssVar.colorBgContainer,
    "--doc-text": cssVar.colorText,
    "--doc-text-secondary": cssVar.colorTextSecondary,
    "--doc-text-tertiary": cssVar.colorTextTertiary,
    "--doc-border": cssVar.colorBorderSecondary,
    "--doc-fill": cssVar.colorFillTertiary,
    "--doc-primary": cssVar.colorPrimary,
    "--doc-primary-bg": cssVar.colorPrimaryBg,
    "--doc-font": token.fontFamily,
    "--doc-mono": token.fontFamilyCode,
  } as CSSProperties;
}
