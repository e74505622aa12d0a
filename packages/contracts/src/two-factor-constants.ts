/**
 * Two-factor sign-in's numbers (docs/security.md, "Two-factor sign-in"), apart from its schemas so
 * a page can show them without loading zod (docs/performance.md, "antd's work at hydration").
 */
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Days a browser the person chose to remember skips the second step. */
export const REMEMBER_BROWSER_DAYS = 30;
