/** "45 seconds", "3 minutes", "1.5 hours": a rough time left, worded by Intl in the page's language. */
export function durationText(seconds: number, locale: string): string {
  const unit = (value: number, u: "second" | "minute" | "hour") =>
    new Intl.NumberFormat(locale, {
      style: "unit",
      unit: u,
      unitDisplay: "long",
      maximumFractionDigits: 1,
    }).format(value);
  if (seconds < 60) return unit(Math.ceil(seconds), "second");
  if (seconds < 3600) return unit(Math.ceil(seconds / 60), "minute");
  return unit(Math.round(seconds / 360) / 10, "hour");
}
