/**
 * The fewest decimals (up to 6, money is kept in micros) that write every tick exactly: ticks
 * 0, 0.0025, 0.005 need four. Rounding them to the currency's two decimals read "$0.00" on
 * every tick of a chart of small amounts.
 */
export function tickDecimals(values: number[]): number {
  for (let d = 0; d < 6; d++) {
    const f = 10 ** d;
    if (values.every((v) => Math.abs(Math.round(v * f) - v * f) < 1e-9 * Math.max(1, Math.abs(v * f))))
      return d;
  }
  return 6;
}

/**
 * A money axis's tick labels in the page's language: short ("$15K") from ten thousand up, else
 * with as many decimals as the ticks need to differ, and never fewer than whole units.
 */
export function moneyAxisFormat(
  values: number[],
  currency: string,
  locale: string,
): (value: number) => string {
  const top = Math.max(0, ...values);
  if (top >= 10_000) {
    const compact = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      notation: "compact",
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    });
    return (v) => compact.format(v);
  }
  const digits = tickDecimals(values);
  const plain = new Intl.NumberFormat(locale, {
    style: "currency",
    currency,
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
  return (v) => plain.format(v);
}
