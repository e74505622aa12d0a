/**
 * Colour contrast as WCAG 2.1 defines it (relative luminance, ratio (L1 + 0.05) / (L2 + 0.05)), and
 * the text-safe shade of a brand colour: how the default tokens and a partner's own colour reach
 * 4.5:1 for text in light and dark mode (docs/accessibility.md).
 */

/** WCAG 2.1 AA for normal text (1.4.3). */
export const AA_TEXT = 4.5;

type Rgb = [number, number, number];

/** #rgb, #rrggbb (an alpha part is ignored: brand colours are opaque) or rgb()/rgba(). */
export function parseColor(color: string): Rgb | null {
  const value = color.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,8})$/.exec(value)?.[1];
  if (hex) {
    if (hex.length === 3 || hex.length === 4)
      return [0, 1, 2].map((i) => Number.parseInt(hex[i]!.repeat(2), 16)) as Rgb;
    if (hex.length === 6 || hex.length === 8)
      return [0, 2, 4].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)) as Rgb;
    return null;
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/.exec(value);
  return rgb ? ([1, 2, 3].map((i) => Math.min(255, Number(rgb[i]))) as Rgb) : null;
}

function toHex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, "0")).join("")}`;
}

function luminanceOf(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Relative luminance, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const rgb = parseColor(color);
  if (!rgb) throw new Error(`not a colour: ${color}`);
  return luminanceOf(rgb);
}

/** The contrast ratio of two relative luminances. */
function ratioOf(a: number, b: number): number {
  return a > b ? (a + 0.05) / (b + 0.05) : (b + 0.05) / (a + 0.05);
}

/** The contrast ratio of two opaque colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  return ratioOf(luminance(a), luminance(b));
}

/** `weight` of `color` mixed into `base` (sRGB, as antd and CSS mix tints). */
export function mix(color: string, base: string, weight: number): string {
  const c = parseColor(color);
  const b = parseColor(base);
  if (!c || !b) throw new Error(`not a colour: ${color} / ${base}`);
  return toHex(c.map((v, i) => v * weight + b[i]! * (1 - weight)) as Rgb);
}

function rgbToHsl([r, g, b]: Rgb): [number, number, number] {
  const [rn, gn, bn] = [r / 255, g / 255, b / 255];
  const max = Math.max(rn, gn, bn);
  const min = Math.min(rn, gn, bn);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h =
    max === rn
      ? ((gn - bn) / d + (gn < bn ? 6 : 0)) / 6
      : max === gn
        ? ((bn - rn) / d + 2) / 6
        : ((rn - gn) / d + 4) / 6;
  return [h, s, l];
}

function hslToRgb([h, s, l]: [number, number, number]): Rgb {
  if (s === 0) return [l * 255, l * 255, l * 255];
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (t: number) => {
    const u = t < 0 ? t + 1 : t > 1 ? t - 1 : t;
    if (u < 1 / 6) return p + (q - p) * 6 * u;
    if (u < 1 / 2) return q;
    if (u < 2 / 3) return p + (q - p) * (2 / 3 - u) * 6;
    return p;
  };
  return [channel(h + 1 / 3) * 255, channel(h) * 255, channel(h - 1 / 3) * 255];
}

/**
 * The shade of `color` that text can be written in on every one of `backgrounds` (or that carries
 * text of those colours): the same hue and saturation, its lightness moved the least distance
 * toward black (light backgrounds) or white (dark ones) that reaches `min` against each. A colour
 * that already does is returned as it is (as #rrggbb). When no shade reaches it (backgrounds both
 * light and dark), black or white, whichever comes closer.
 */
export function readableShade(color: string, backgrounds: readonly string[], min = AA_TEXT): string {
  const rgb = parseColor(color);
  if (!rgb) throw new Error(`not a colour: ${color}`);
  // The backgrounds' luminances once, and each candidate's as the #rrggbb it would be written as
  // (whole channels): the theme runs this some thirty times, with dozens of candidates each, while
  // the page hydrates (docs/performance.md, "Work right after hydration, and scripts after the
  // first paint").
  const behind = backgrounds.map(luminance);
  const passes = (candidate: Rgb) => {
    const own = luminanceOf(candidate.map(Math.round) as Rgb);
    return behind.every((bg) => ratioOf(own, bg) >= min);
  };
  if (passes(rgb)) return toHex(rgb);
  const meanLuminance = behind.reduce((sum, bg) => sum + bg, 0) / behind.length;
  // Toward black on light backgrounds, toward white on dark ones (0.18: equal contrast with both).
  const darken = meanLuminance > 0.18;
  const [h, s, l] = rgbToHsl(rgb);
  const end = darken ? 0 : 1;
  if (!passes(hslToRgb([h, s, end]))) return darken ? "#000000" : "#ffffff";
  // Contrast grows monotonically as the lightness moves toward the end: bisect for the nearest pass.
  let near = l;
  let far = end;
  for (let i = 0; i < 24; i++) {
    const mid = (near + far) / 2;
    if (passes(hslToRgb([h, s, mid]))) far = mid;
    else near = mid;
  }
  // Rounding to whole channels can land a hair short: step on until it passes.
  let shade = hslToRgb([h, s, far]).map(Math.round) as Rgb;
  for (let step = 0.002; !passes(shade); step += 0.002)
    shade = hslToRgb([h, s, Math.min(1, Math.max(0, far + (darken ? -step : step)))]).map(Math.round) as Rgb;
  return toHex(shade);
}
