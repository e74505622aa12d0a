/**
 * A round top for a chart's value axis and its tick values: the step is 1, 2, 2.5 or 5 times a
 * power of ten, so the labels read 0, 250, 500, 750, 1,000 rather than 0, 237, 474...
 */
export function axisScale(max: number, ticks = 4): { top: number; values: number[] } {
  if (!(max > 0)) return { top: 1, values: [0, 1] };
  const rough = max / ticks;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  const count = Math.ceil(max / step - 1e-9);
  return { top: step * count, values: Array.from({ length: count + 1 }, (_, i) => step * i) };
}

/** Which of `count` evenly spaced labels to show so that they are at least `minGap` px apart. */
export function labelEvery(count: number, width: number, minGap: number): number {
  if (count <= 1) return 1;
  return Math.max(1, Math.ceil(count / Math.max(1, Math.floor(width / minGap))));
}
