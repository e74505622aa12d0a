import { theme } from "antd";
import { AA_TEXT, contrastRatio, parseColor } from "../../shell/theme/contrast";
import { themeConfig } from "../../shell/theme/tokens";
import { layersBelow, mergeOverrides } from "./merge";
import type { Layer, ThemeOverrides } from "./overrides";

/** Colours that text is written in (or on, for the primary colour's buttons). */
const TEXT_COLOR_TOKENS = [
  "colorPrimary",
  "colorSuccess",
  "colorWarning",
  "colorError",
  "colorText",
  "colorTextSecondary",
] as const;

export interface ContrastWarning {
  /** The chosen colour on the layer's container background. */
  ratio: number;
  /** The text-safe shade the pages use instead (docs/accessibility.md), when they do. */
  shade?: { color: string; ratio: number };
}

/**
 * For each text colour a layer sets below 4.5:1 on its background: the ratio, and the shade the
 * theme paints with instead when the brand and status colours are made readable (tokens.ts).
 */
export function contrastWarnings(
  overrides: ThemeOverrides,
  layer: Layer,
  dark: boolean,
): Partial<Record<string, ContrastWarning>> {
  const under = layersBelow(layer, dark);
  const token = theme.getDesignToken(
    mergeOverrides(themeConfig(under.dark), overrides, [...under.layers, layer]),
  ) as unknown as Record<string, string>;
  const background = token.colorBgContainer!;
  const warnings: Partial<Record<string, ContrastWarning>> = {};
  for (const key of TEXT_COLOR_TOKENS) {
    const chosen = overrides[layer][key];
    if (typeof chosen !== "string" || !parseColor(chosen) || !parseColor(background)) continue;
    const ratio = contrastRatio(chosen, background);
    if (ratio >= AA_TEXT) continue;
    const used = token[key];
    const shade =
      used && parseColor(used) && used.toLowerCase() !== chosen.toLowerCase()
        ? { color: used, ratio: contrastRatio(used, background) }
        : undefined;
    warnings[key] = { ratio, ...(shade ? { shade } : {}) };
  }
  return warnings;
}
