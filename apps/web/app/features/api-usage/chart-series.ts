/** The series the usage charts draw, each named in the catalogue under apiUsage:charts. */
export const BAR_KEYS = ["success", "errors", "numbers", "spend"] as const;
export type BarKey = (typeof BAR_KEYS)[number];
