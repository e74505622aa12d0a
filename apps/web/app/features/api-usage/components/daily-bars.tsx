import { theme } from "antd";
import { useId, useRef, useState } from "react";
import { AxisGrid } from "../../../shell/components/axis-grid";
import { axisScale, labelEvery } from "../../../shell/components/axis-scale";
import { LegendSwatch } from "../../../shell/components/legend-swatch";
import { ChartDataTable } from "../../../shell/components/visually-hidden";
import { useWidth } from "../../../shell/device/use-width";

export interface BarSeries {
  key: string;
  label: string;
  colour: string;
  values: number[];
}

const PAD = { top: 10, right: 4, bottom: 24 };
const TIP_WIDTH = 180;

/** A bar's outline with only its top corners rounded (the segment under it stays square). */
function roundedTop(x: number, y: number, w: number, h: number, r: number): string {
  const radius = Math.min(r, w / 2, h);
  return `M${x},${y + h}V${y + radius}Q${x},${y} ${x + radius},${y}H${x + w - radius}Q${x + w},${y} ${x + w},${y + radius}V${y + h}Z`;
}

/**
 * Per-day bars, stacked when there are several series, in SVG drawn at the element's real width
 * (no chart library: the page stays light). Hovering or tapping a day shows its figures; screen
 * readers get a title, a summary and the numbers as a hidden table.
 */
export function DailyBars({
  days,
  series,
  format,
  formatAxis = format,
  dayLabel,
  title,
  summary,
  height = 220,
  totalLabel,
  testId,
}: {
  days: string[];
  series: BarSeries[];
  format: (value: number) => string;
  /** A tick's label; it gets every tick so it can write them with the decimals they need. */
  formatAxis?: (value: number, ticks: number[]) => string;
  /** Short label of a day under the axis and in the tooltip. */
  dayLabel: (day: string) => string;
  title: string;
  summary: string;
  height?: number;
  /** Stacked series: the tooltip adds their sum under this label. */
  totalLabel?: string;
  testId?: string;
}) {
  const { token, cssVar } = theme.useToken();
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, 640);
  const [hover, setHover] = useState<number | null>(null);

  const totals = days.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const scale = axisScale(Math.max(0, ...totals));
  const axisLabels = scale.values.map((v) => formatAxis(v, scale.values));
  const left = Math.max(28, ...axisLabels.map((l) => l.length * 6.5 + 10));
  const innerW = Math.max(1, width - left - PAD.right);
  const innerH = height - PAD.top - PAD.bottom;
  const step = days.length ? innerW / days.length : innerW;
  const barW = Math.max(1, Math.min(step * (days.length > 90 ? 0.85 : 0.7), 28));
  const y = (value: number) => PAD.top + innerH - (value / scale.top) * innerH;
  const every = labelEvery(days.length, innerW, 64);
  const shown = hover === null ? null : days[hover];

  return (
    <figure style={{ margin: 0, position: "relative" }} data-testid={testId}>
      <div ref={box} style={{ position: "relative", width: "100%" }} onPointerLeave={() => setHover(null)}>
        <svg
          width={width}
          height={height}
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          style={{ display: "block", overflow: "visible", touchAction: "pan-y" }}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <AxisGrid values={scale.values} labels={axisLabels} left={left} right={width - PAD.right} y={y} />
          {hover !== null && (
            <rect
              x={left + step * hover}
              width={step}
              y={PAD.top}
              height={innerH}
              style={{ fill: cssVar.colorFillSecondary }}
              rx={2}
            />
          )}
          {days.map((day, i) => {
            const x = left + step * i + (step - barW) / 2;
            let base = 0;
            const top = series.findLastIndex((s) => (s.values[i] ?? 0) > 0);
            return (
              <g key={day}>
                {series.map((s, k) => {
                  const value = s.values[i] ?? 0;
                  if (value <= 0) return null;
                  const y0 = y(base);
                  base += value;
                  const y1 = y(base);
                  const h = Math.max(1, y0 - y1);
                  return k === top ? (
                    <path key={s.key} d={roundedTop(x, y0 - h, barW, h, 3)} style={{ fill: s.colour }} />
                  ) : (
                    <rect key={s.key} x={x} y={y0 - h} width={barW} height={h} style={{ fill: s.colour }} />
                  );
                })}
              </g>
            );
          })}
          {days.map((day, i) =>
            i % every === 0 ? (
              <text
                key={day}
                x={left + step * i + step / 2}
                y={height - 6}
                textAnchor="middle"
                fontSize={11}
                style={{ fill: cssVar.colorTextTertiary }}
              >
                {dayLabel(day)}
              </text>
            ) : null,
          )}
          {days.map((day, i) => (
            <rect
              key={day}
              x={left + step * i}
              width={step}
              y={PAD.top}
              height={innerH}
              fill="transparent"
              onPointerEnter={() => setHover(i)}
              onPointerDown={() => setHover(i)}
            />
          ))}
        </svg>
        {shown !== null && shown !== undefined && hover !== null && (
          <div
            role="presentation"
            style={{
              position: "absolute",
              top: 0,
              // Beside the day, not over it: right of the bar, or left of it near the right edge.
              left:
                left + step * (hover + 1) + 8 + TIP_WIDTH <= width
                  ? left + step * (hover + 1) + 8
                  : Math.max(0, left + step * hover - 8 - TIP_WIDTH),
              width: TIP_WIDTH,
              pointerEvents: "none",
              padding: "8px 10px",
              borderRadius: token.borderRadius,
              background: cssVar.colorBgElevated,
              boxShadow: token.boxShadowSecondary,
              fontSize: token.fontSizeSM,
              zIndex: 1,
            }}
          >
            <div style={{ fontWeight: 600, marginBottom: 4 }}>{dayLabel(shown)}</div>
            {series.map((s) => (
              <div key={s.key} style={{ display: "flex", alignItems: "center", gap: 6 }}>
                <LegendSwatch colour={s.colour} style={{ borderRadius: 2 }} />
                <span style={{ flex: 1, color: cssVar.colorTextSecondary }}>{s.label}</span>
                <span style={{ fontVariantNumeric: "tabular-nums" }}>{format(s.values[hover] ?? 0)}</span>
              </div>
            ))}
            {totalLabel && (
              <div
                style={{
                  display: "flex",
                  gap: 6,
                  marginTop: 4,
                  paddingTop: 4,
                  borderTop: `1px solid ${cssVar.colorSplit}`,
                }}
              >
                <span style={{ flex: 1, color: cssVar.colorTextSecondary }}>{totalLabel}</span>
                <span style={{ fontVariantNumeric: "tabular-nums", fontWeight: 600 }}>
                  {format(totals[hover] ?? 0)}
                </span>
              </div>
            )}
          </div>
        )}
      </div>
      {series.length > 1 && (
        <figcaption
          style={{ display: "flex", gap: 16, marginTop: 8, fontSize: 12, color: cssVar.colorTextSecondary }}
        >
          {series.map((s) => (
            <span key={s.key} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
              <LegendSwatch colour={s.colour} style={{ borderRadius: 2 }} />
              {s.label}
            </span>
          ))}
        </figcaption>
      )}
      <ChartDataTable
        title={title}
        columns={series.map((s) => s.label)}
        rows={days.map((day, i) => ({ day, cells: series.map((s) => format(s.values[i] ?? 0)) }))}
      />
    </figure>
  );
}
