import { theme } from "antd";

/**
 * A chart's value axis drawn as grid lines across the plot, each mark's label at its left: the
 * baseline solid, the others dashed. `y` places a value; `left` and `right` bound the plot.
 */
export function AxisGrid({
  values,
  labels,
  left,
  right,
  y,
  testId,
}: {
  values: number[];
  labels: string[];
  left: number;
  right: number;
  y: (value: number) => number;
  testId?: string;
}) {
  const { cssVar } = theme.useToken();
  return (
    <g fontSize={11} data-testid={testId}>
      {values.map((value, i) => (
        <g key={value}>
          <line
            x1={left}
            x2={right}
            y1={y(value)}
            y2={y(value)}
            style={{ stroke: i === 0 ? cssVar.colorBorder : cssVar.colorBorderSecondary }}
            strokeDasharray={i === 0 ? undefined : "3 3"}
          />
          <text
            x={left - 8}
            y={y(value)}
            dy="0.32em"
            textAnchor="end"
            style={{ fill: cssVar.colorTextSecondary }}
          >
            {labels[i]}
          </text>
        </g>
      ))}
    </g>
  );
}
