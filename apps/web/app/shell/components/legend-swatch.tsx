import type { CSSProperties } from "react";

/**
 * The small coloured mark beside a chart's legend or tooltip label. Hidden from screen readers:
 * the label next to it and the chart's data table carry the meaning (docs/accessibility.md).
 */
export function LegendSwatch({
  colour,
  width = 10,
  height = 10,
  style,
}: {
  colour: string;
  width?: number;
  height?: number;
  style?: CSSProperties;
}) {
  return (
    <span
      aria-hidden
      style={{
        display: "inline-block",
        width,
        height,
        background: colour,
        verticalAlign: "middle",
        flex: "none",
        ...style,
      }}
    />
  );
}
