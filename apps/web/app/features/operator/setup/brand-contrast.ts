import { theme } from "antd";
import { AA_TEXT, contrastRatio } from "../../../shell/theme/contrast";
import { themeConfig } from "../../../shell/theme/tokens";

/** The surfaces a brand colour is written on: antd's container in light and in dark mode. */
export const SURFACES = { light: "#ffffff", dark: "#141414" } as const;
export type Mode = keyof typeof SURFACES;

export interface ModeContrast {
  /** The chosen colour against the mode's surface. */
  ratio: number;
  /** Whether the chosen colour itself reaches 4.5:1 there (WCAG 2.1 AA, docs/accessibility.md). */
  passes: boolean;
  /** The shade the pages paint with in that mode (themeConfig's readable primary). */
  shade: string;
}

/** What a partner's colour becomes in each mode: its own contrast and the shade the site will use. */
export function brandContrast(color: string): Record<Mode, ModeContrast> {
  const of = (mode: Mode): ModeContrast => {
    const ratio = contrastRatio(color, SURFACES[mode]);
    const shade = theme.getDesignToken(themeConfig(mode === "dark", color)).colorPrimary;
    return { ratio, passes: ratio >= AA_TEXT, shade: shade.toLowerCase() };
  };
  return { light: of("light"), dark: of("dark") };
}
