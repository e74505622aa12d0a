/**
 * How the pages run antd (docs/performance.md, "Styles"): its component rules come from the style
 * sheet written at build time (antd-static-styles.ts), so antd generates none while rendering
 * (`zeroRuntime`), and the sheet is written without hash classes (`hashed: false`: one antd on the
 * page, nothing to keep apart). Only the theme's CSS variables are made per page.
 */
export const STATIC_STYLES_THEME = { hashed: false, zeroRuntime: true } as const;
