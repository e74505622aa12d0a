import type { ThemeConfig } from "antd";
import { useMemo } from "react";
import { type CompactMapToken, themeConfig } from "../../shell/theme/tokens";
import { activeLayers, mergeOverrides } from "./merge";
import { useThemeOverrides } from "./overrides-store";
import { useMobileVariant } from "./use-mobile-variant";

/**
 * The antd theme of the page: the brand's tokens (the partner's colour when it has one), with the
 * theme editor's stored overrides laid over them when the public configuration enables the editor
 * (THEME_EDITOR_ENABLED). `derived` is the server's map token for this scheme and brand; it is not
 * used under the editor, whose overrides change the seed the map is derived from.
 */
export function useEditedTheme(
  dark: boolean,
  enabled: boolean,
  brand?: string,
  derived?: CompactMapToken,
): ThemeConfig {
  const overrides = useThemeOverrides();
  // Only the editor's layers depend on the window's width.
  const mobile = useMobileVariant(enabled);
  return useMemo(() => {
    if (!enabled) return themeConfig(dark, brand || undefined, derived);
    return mergeOverrides(themeConfig(dark, brand || undefined), overrides, activeLayers({ dark, mobile }));
  }, [dark, enabled, mobile, overrides, brand, derived]);
}
