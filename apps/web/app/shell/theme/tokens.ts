import { type ThemeConfig, theme } from "antd";

/** The look of spec section 9: green primary, radius 8, control heights 24/30/36/42(/48), breakpoints. */
export const PRIMARY_COLOR = "#18a058";
export const HUGE_CONTROL_HEIGHT = 48;
export const BACK_TO_TOP_SIZE = 42;

export const BREAKPOINTS = { xs: 0, s: 640, m: 1024, l: 1280, xl: 1536, xxl: 1920 } as const;

export function themeConfig(dark: boolean): ThemeConfig {
  return {
    algorithm: dark ? theme.darkAlgorithm : theme.defaultAlgorithm,
    token: {
      colorPrimary: PRIMARY_COLOR,
      colorInfo: PRIMARY_COLOR,
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
  };
}
