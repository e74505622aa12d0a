import { theme } from "antd";
import { describe, expect, it } from "vitest";
import { contrastRatio, mix, parseColor } from "../../shell/theme/contrast";
import { ON_PRIMARY, PRIMARY_COLOR, themeConfig } from "../../shell/theme/tokens";
import { mergeOverrides } from "./merge";
import { EMPTY_OVERRIDES } from "./overrides";

/** An rgba() text colour as it shows on a background. */
function over(color: string, background: string): string {
  const alpha = Number(/rgba\([^)]*,\s*([\d.]+)\)/.exec(color)?.[1] ?? 1);
  const [r, g, b] = parseColor(color)!;
  return mix(`rgb(${r}, ${g}, ${b})`, background, alpha);
}

const BRANDS = [PRIMARY_COLOR, "#ffd700", "#00bfff", "#1a237e", "#ff0000", "#ffffff", "#000000", "#8e44ad"];

describe("theme tokens", () => {
  for (const dark of [false, true]) {
    const mode = dark ? "dark" : "light";
    for (const brand of BRANDS) {
      it(`reads at 4.5:1 in ${mode} mode with the brand colour ${brand}`, () => {
        // A partner's colour arrives from its site info (themeConfig's brand) or as the theme
        // editor's colorPrimary override; odd brands take the editor's way, even ones the site's.
        const index = BRANDS.indexOf(brand);
        const config =
          index % 2 === 0
            ? themeConfig(dark, brand)
            : mergeOverrides(themeConfig(dark), { ...EMPTY_OVERRIDES, [mode]: { colorPrimary: brand } }, [
                "shared",
                mode,
              ]);
        const token = theme.getDesignToken(config);
        const surfaces = [token.colorBgContainer, token.colorBgLayout, token.colorBgElevated];
        const ratios: Record<string, number> = {};
        for (const surface of [...surfaces, token.colorPrimaryBg]) {
          for (const key of [
            "colorPrimary",
            "colorPrimaryText",
            "colorPrimaryTextHover",
            "colorPrimaryTextActive",
            "colorLink",
            "colorLinkHover",
            "colorInfoText",
          ] as const)
            ratios[`${key} on ${surface}`] = contrastRatio(token[key], surface);
        }
        for (const surface of surfaces) {
          for (const key of [
            "colorTextTertiary",
            "colorTextDescription",
            "colorTextSecondary",
            "colorTextPlaceholder",
          ] as const)
            ratios[`${key} on ${surface}`] = contrastRatio(over(token[key], surface), surface);
          for (const key of ["colorError", "colorErrorText", "colorWarningText", "colorSuccessText"] as const)
            ratios[`${key} on ${surface}`] = contrastRatio(token[key], surface);
        }
        for (const key of ["colorPrimary", "colorPrimaryHover", "colorPrimaryActive", "colorError"] as const)
          ratios[`text on ${key}`] = contrastRatio(ON_PRIMARY[mode], token[key]);
        for (const status of ["Error", "Warning", "Success"] as const)
          ratios[`color${status}Text on its background`] = contrastRatio(
            token[`color${status}Text`],
            token[`color${status}Bg`],
          );
        // A tag in a preset colour (gold, green, ...) writes shade 7 on shade 1.
        for (const color of ["gold", "green", "cyan", "orange", "volcano", "lime", "purple", "blue"] as const)
          ratios[`${color} tag`] = contrastRatio(token[`${color}7`], token[`${color}1`]);
        const failing = Object.entries(ratios).filter(([, ratio]) => ratio < 4.5);
        expect(failing).toEqual([]);
        expect(config.components?.Button?.primaryColor).toBe(ON_PRIMARY[mode]);
        // An empty table's line of text.
        const empty = theme.getDesignToken({
          ...config,
          token: { ...config.token, ...config.components?.Table },
        });
        for (const surface of surfaces)
          expect(contrastRatio(over(empty.colorTextDisabled, surface), surface)).toBeGreaterThanOrEqual(4.5);
      });
    }
  }

  it("paints with a partner's own colour from its site info, shaded to be readable", () => {
    const primary = theme.getDesignToken(themeConfig(false, "#1677ff")).colorPrimary;
    expect(primary).not.toBe(theme.getDesignToken(themeConfig(false)).colorPrimary);
    const [r, g, b] = parseColor(primary)!;
    expect(b).toBeGreaterThan(r + g / 2);
    expect(contrastRatio(primary, "#ffffff")).toBeGreaterThanOrEqual(4.5);
  });

  it("keeps the brand's hue: the default green stays green, shaded just enough", () => {
    const light = theme.getDesignToken(themeConfig(false)).colorPrimary;
    const dark = theme.getDesignToken(themeConfig(true)).colorPrimary;
    for (const shade of [light, dark]) {
      const [r, g, b] = parseColor(shade)!;
      expect(g).toBeGreaterThan(Math.max(r, b));
    }
    expect(contrastRatio(light, "#ffffff")).toBeLessThan(5.5);
    expect(contrastRatio(dark, "#141414")).toBeLessThan(8);
  });
});
