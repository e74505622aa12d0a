import { type MappingAlgorithm, type ThemeConfig, theme } from "antd";
import { mix, readableShade } from "./contrast";

/**
 * The look of docs/architecture.md, "What a person meets first": green primary, radius 8, control heights 24/30/36/42(/48), breakpoints.
 * PRIMARY_COLOR is the brand green as chosen; the pages paint with its text-safe shades, which reach
 * 4.5:1 in light and dark mode (readableTokens below, docs/accessibility.md).
 */
export const PRIMARY_COLOR = "#18a058";
export const HUGE_CONTROL_HEIGHT = 48;
export const BACK_TO_TOP_SIZE = 42;

export const BREAKPOINTS = { xs: 0, s: 640, m: 1024, l: 1280, xl: 1536, xxl: 1920 } as const;

/** The page's own background under the layout (global.css). */
const BODY_BACKGROUND = { light: "#f5f7f9", dark: "#000000" } as const;

/**
 * Text on a solid brand colour: white on the dark light-mode shade, near-black on the light
 * dark-mode shade (no colour reads 4.5:1 both on #141414 and under white text).
 */
export const ON_PRIMARY = { light: "#ffffff", dark: "#0a0a0a" } as const;

/**
 * Secondary text. antd's 45 % black is #8c8c8c on white (3.36:1) and its 45 % white 4.4:1 on
 * #1f1f1f pop-ups; 60 % black and 55 % white reach 5.7:1 and 5.9:1 or more (docs/accessibility.md).
 */
const QUIET_TEXT = { light: "rgba(0, 0, 0, 0.6)", dark: "rgba(255, 255, 255, 0.55)" } as const;

export interface BrandColors {
  /** Buttons, links, the selected menu item: every use of the brand colour. */
  primary: string;
  hover: string;
  active: string;
  /** The pale tint behind a selected item. */
  tint: string;
}

/**
 * A brand colour made safe for text on the given surfaces (the first is the one tints mix into).
 * Light mode: the nearest shade dark enough for 4.5:1 on every surface and on its own tint, which
 * then carries white text too. Dark mode: the nearest shade light enough for the same on dark
 * surfaces, carrying near-black text (ON_PRIMARY). A colour that already passes is kept. Hover
 * and pressed shades stay readable under that same text.
 */
export function brandColors(brand: string, dark: boolean, onSurfaces: readonly string[]): BrandColors {
  const first = readableShade(brand, onSurfaces);
  const tint = mix(first, onSurfaces[0]!, dark ? 0.18 : 0.1);
  const primary = readableShade(first, [...onSurfaces, tint]);
  const onPrimary = ON_PRIMARY[dark ? "dark" : "light"];
  const toward = dark ? "#ffffff" : "#000000";
  return {
    primary,
    hover: readableShade(mix(primary, toward, 0.88), [onPrimary]),
    active: readableShade(mix(primary, toward, 0.76), [onPrimary]),
    tint,
  };
}

const STATUSES = ["Success", "Warning", "Error", "Info"] as const;

/** antd's preset colours: a tag of one writes shade 7 on shade 1 (genPresetColor). */
const PRESET_COLORS = [
  "blue",
  "purple",
  "cyan",
  "green",
  "magenta",
  "pink",
  "red",
  "orange",
  "yellow",
  "volcano",
  "geekblue",
  "lime",
  "gold",
] as const;

/**
 * antd's derived colours made readable: the brand colour (from the seed colorPrimary, so a partner's
 * colour set in the theme editor is treated the same) and the status colours, wherever they colour
 * text, reach 4.5:1 on the mode's surfaces and on their own pale backgrounds. It runs after the
 * light or dark algorithm, so the dark one cannot darken the chosen shade again.
 */
function readableTokens(dark: boolean): MappingAlgorithm {
  return (seed, map) => {
    const token = { ...map! };
    const onSurfaces = [
      token.colorBgContainer,
      token.colorBgLayout,
      token.colorBgElevated,
      BODY_BACKGROUND[dark ? "dark" : "light"],
    ];
    const brand = brandColors(seed.colorPrimary, dark, onSurfaces);
    Object.assign(token, {
      colorPrimary: brand.primary,
      colorPrimaryHover: brand.hover,
      colorPrimaryActive: brand.active,
      colorPrimaryText: brand.primary,
      colorPrimaryTextHover: brand.hover,
      colorPrimaryTextActive: brand.active,
      colorPrimaryBg: brand.tint,
      colorLink: brand.primary,
      colorLinkHover: brand.hover,
      colorLinkActive: brand.active,
      colorTextTertiary: QUIET_TEXT[dark ? "dark" : "light"],
    });
    for (const status of STATUSES) {
      if (status === "Info" && seed.colorInfo === seed.colorPrimary) {
        Object.assign(token, {
          colorInfo: brand.primary,
          colorInfoText: brand.primary,
          colorInfoBg: brand.tint,
        });
        continue;
      }
      const behind = [...onSurfaces, token[`color${status}Bg`]];
      for (const key of [`color${status}`, `color${status}Text`, `color${status}TextActive`] as const)
        token[key] = readableShade(token[key], behind);
    }
    for (const color of PRESET_COLORS)
      token[`${color}7`] = readableShade(token[`${color}7`], [...onSurfaces, token[`${color}1`]]);
    return token;
  };
}

/** antd's map token: every colour, size and font the components read, derived from the seed. */
export type MapToken = ReturnType<MappingAlgorithm>;
type SeedToken = Parameters<MappingAlgorithm>[0];

/**
 * A map token as the server sends it: without the values equal to the seed's, and without the
 * preset palettes' dashed twins (`blue-6` beside `blue6`) where they hold the same colour; that
 * keeps the page's HTML small (docs/performance.md, "Lighthouse"). readyAlgorithm puts both back.
 */
export type CompactMapToken = Partial<MapToken>;

const presetShades = PRESET_COLORS.flatMap((color) =>
  Array.from({ length: 10 }, (_, i) => [`${color}-${i + 1}`, `${color}${i + 1}`] as const),
);

export function compactMapToken(map: MapToken, seed: SeedToken): CompactMapToken {
  const compact: Record<string, unknown> = { ...map };
  const fromSeed = seed as unknown as Record<string, unknown>;
  for (const key of Object.keys(compact)) if (compact[key] === fromSeed[key]) delete compact[key];
  for (const [dashed, plain] of presetShades) if (compact[dashed] === compact[plain]) delete compact[dashed];
  return compact as CompactMapToken;
}

/** The algorithm that hands antd a map token worked out before (one per token, so antd's theme cache holds). */
const readyAlgorithms = new WeakMap<CompactMapToken, MappingAlgorithm>();
function readyAlgorithm(derived: CompactMapToken): MappingAlgorithm {
  let algorithm = readyAlgorithms.get(derived);
  if (!algorithm) {
    algorithm = (seed) => {
      const map: Record<string, unknown> = { ...seed, ...derived };
      for (const [dashed, plain] of presetShades) if (!(dashed in derived)) map[dashed] = map[plain];
      return map as unknown as MapToken;
    };
    readyAlgorithms.set(derived, algorithm);
  }
  return algorithm;
}

/**
 * The antd theme of a page. `brand` is the partner's brand colour when it has one (site info), else
 * the product's; either way the pages paint with its text-safe shades (readableTokens). `derived` is
 * this same theme's map token when the server worked it out already (derivedMapToken, sent with the
 * page): the browser then skips antd's colour algorithm, a long piece of work right at hydration
 * (docs/performance.md, "Lighthouse"). It must come from the same `dark` and `brand`.
 */
export function themeConfig(
  dark: boolean,
  brand: string = PRIMARY_COLOR,
  derived?: CompactMapToken,
): ThemeConfig {
  const onPrimary = ON_PRIMARY[dark ? "dark" : "light"];
  return {
    algorithm: derived
      ? readyAlgorithm(derived)
      : [dark ? theme.darkAlgorithm : theme.defaultAlgorithm, readableTokens(dark)],
    token: {
      colorPrimary: brand,
      colorInfo: brand,
      // A placeholder is text too (antd: 25 % black, 1.8:1); it reads as quiet as secondary text.
      colorTextPlaceholder: QUIET_TEXT[dark ? "dark" : "light"],
      borderRadius: 8,
      controlHeightXS: 24,
      controlHeightSM: 30,
      controlHeight: 36,
      controlHeightLG: 42,
      screenXS: 480,
      screenXSMin: 480,
      screenXSMax: BREAKPOINTS.s - 1,
      screenSM: BREAKPOINTS.s,
      screenSMMin: BREAKPOINTS.s,
      screenSMMax: BREAKPOINTS.m - 1,
      screenMD: BREAKPOINTS.m,
      screenMDMin: BREAKPOINTS.m,
      screenMDMax: BREAKPOINTS.l - 1,
      screenLG: BREAKPOINTS.l,
      screenLGMin: BREAKPOINTS.l,
      screenLGMax: BREAKPOINTS.xl - 1,
      screenXL: BREAKPOINTS.xl,
      screenXLMin: BREAKPOINTS.xl,
      screenXLMax: BREAKPOINTS.xxl - 1,
      screenXXL: BREAKPOINTS.xxl,
      screenXXLMin: BREAKPOINTS.xxl,
      // antd 6 adds an xxxl step; it sits above the spec's largest breakpoint.
      screenXXLMax: 2559,
      screenXXXL: 2560,
      screenXXXLMin: 2560,
      fontFamily:
        "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
    },
    components: {
      // Solid brand- and error-coloured controls carry the text chosen for them (near-black in dark mode).
      Button: { primaryColor: onPrimary, dangerColor: onPrimary },
      Radio: { buttonSolidCheckedColor: onPrimary },
      // A table's "nothing here" line is written in the disabled colour; it is read, not disabled.
      Table: { colorTextDisabled: QUIET_TEXT[dark ? "dark" : "light"] },
    },
  };
}

/** The seed antd derives a theme's map token from: its defaults under the theme's own tokens. */
function seedOf(config: ThemeConfig): SeedToken {
  return { ...theme.defaultSeed, ...config.token } as SeedToken;
}

/** The map token antd derives for a theme without a derived token, worked out here as antd does it. */
function mapTokenOf(config: ThemeConfig): MapToken {
  const seed = seedOf(config);
  const algorithms = config.algorithm as MappingAlgorithm[];
  return algorithms.reduce<MapToken | undefined>((map, algorithm) => algorithm(seed, map), undefined)!;
}

/** The map token antd derives for themeConfig(dark, brand). */
export function deriveMapToken(dark: boolean, brand?: string): MapToken {
  return mapTokenOf(themeConfig(dark, brand));
}

/** deriveMapToken's answer as the server sends it to the browser (CompactMapToken). */
export function derivedMapToken(dark: boolean, brand?: string): CompactMapToken {
  const config = themeConfig(dark, brand);
  return compactMapToken(mapTokenOf(config), seedOf(config));
}
