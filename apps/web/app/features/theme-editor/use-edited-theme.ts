import type { ThemeConfig } from "antd";
import { useMemo } from "react";
import { themeConfig } from "../../shell/theme/tokens";
import { activeLayers, mergeOverrides } from "./merge";
import { useThemeOverrides } from "./overrides-store";
import { useMobileVariant } from "./use-mobile-variant";

/**
 * The antd theme of the page: the brand's tokens (the partner's colour when it has one), with the
 * theme editor's stored overrides laid over them when the public configuration enables the editor
 * (THEME_EDITOR_ENABLED).
 */
export function useEditedTheme(dark: boolean, enabled: boolean, brand?: string): ThemeConfig {
  const overrides = useThemeOverrides();
  // Only the editor's layers depend on the window's width.
  const mobile = useMobileVariant(enabled);
  return useMemo(() => {
    const base = themeConfig(dark, brand || undefined);
    return enabled ? mergeOverrides(base, overrides, activeLayers({ dark, mobile })) : base;
  }, [dark, enabled, mobile, overrides, brand]);
}
