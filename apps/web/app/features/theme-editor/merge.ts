import type { ThemeConfig } from "antd";
import type { Layer, ThemeOverrides, TokenValues } from "./overrides";

export interface ThemeContext {
  dark: boolean;
  /** Phone or tablet by user agent, or a window narrower than the m breakpoint. */
  mobile: boolean;
}

/** The layers in effect, lowest first: shared < the current mode < mobile. */
export function activeLayers({ dark, mobile }: ThemeContext): Layer[] {
  return ["shared", dark ? "dark" : "light", ...(mobile ? (["mobile"] as const) : [])];
}

/** The layers under one being edited: what its unset tokens show (the mode a mode layer names). */
export function layersBelow(layer: Layer, dark: boolean): { layers: Layer[]; dark: boolean } {
  if (layer === "shared") return { layers: [], dark };
  if (layer === "mobile") return { layers: ["shared", dark ? "dark" : "light"], dark };
  return { layers: ["shared"], dark: layer === "dark" };
}

/**
 * The base theme with the given layers' tokens laid over it in order. When the base uses the
 * primary colour as its info colour, the info colour follows an overridden primary unless set.
 * Returns the base itself when no layer changes anything.
 */
export function mergeOverrides(base: ThemeConfig, overrides: ThemeOverrides, layers: Layer[]): ThemeConfig {
  const added: TokenValues = Object.assign({}, ...layers.map((layer) => overrides[layer]));
  if (Object.keys(added).length === 0) return base;
  const baseToken = base.token ?? {};
  const token = { ...baseToken, ...added };
  if (
    baseToken.colorInfo !== undefined &&
    baseToken.colorInfo === baseToken.colorPrimary &&
    added.colorPrimary !== undefined &&
    added.colorInfo === undefined
  ) {
    token.colorInfo = token.colorPrimary;
  }
  return { ...base, token };
}
