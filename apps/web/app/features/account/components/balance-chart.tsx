import type { SeriesPoint } from "@nc/contracts/account";
import { microsToDecimal } from "@nc/contracts/money";
import { theme } from "antd";
import { useId, useRef } from "react";
import { AxisGrid } from "../../../shell/components/axis-grid";
import { axisScale } from "../../../shell/components/axis-scale";
import { LegendSwatch } from "../../../shell/components/legend-swatch";
import { ChartDataTable } from "../../../shell/components/visually-hidden";
import { useWidth } from "../../../shell/device/use-width";

const HEIGHT = 200;
const PAD = { top: 12, right: 8, bottom: 24, left: 8 };
/** About one character's width of the axis labels (11 px text), to leave them room on the left. */
const CHAR_PX = 6.5;

/**
 * A small SVG chart without a chart library: spending as bars and the closing balance as a line,
 * both on one money scale whose marks are written on the left, so a bar and the line can be
 * compared at a glance. Screen readers get a title, a summary and the data as a hidden table.
 */
export function BalanceChart({
  points,
  title,
  summary,
  balanceLabel,
  spendingLabel,
  formatAmount,
  pointLabel,
}: {
  points: SeriesPoint[];
  title: string;
  summary: string;
  balanceLabel: string;
  spendingLabel: string;
  formatAmount: (micros: string) => string;
  pointLabel: (p: SeriesPoint) => string;
}) {
  const { cssVar } = theme.useToken();
  const id = useId();
  // Drawn at its real pixel width, so the labels keep their size on a phone.
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box, 640);
  const balances = points.map((p) => Math.max(0, Number(microsToDecimal(p.balanceMicros))));
  const spendings = points.map((p) => Math.max(0, Number(microsToDecimal(p.spendingMicros))));
  const scale = axisScale(Math.max(0, ...balances, ...spendings), 3);
  const tickLabels = scale.values.map((tick) => formatAmount(String(Math.round(tick * 1e6))));
  const left = PAD.left + Math.max(...tickLabels.map((label) => label.length)) * CHAR_PX + 8;
  // Never below zero, however narrow the box (a negative width is not a drawable rectangle).
  const innerW = Math.max(0, width - left - PAD.right);
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = points.length ? innerW / points.length : innerW;
  const x = (i: number) => left + step * i + step / 2;
  const y = (value: number) => PAD.top + innerH - (value / scale.top) * innerH;
  const line = balances
    .map((b, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(b).toFixed(1)}`)
    .join(" ");
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));
  // A day with any spending keeps a visible bar, however small beside the balance.
  const barHeight = (value: number) => (value > 0 ? Math.max(1, PAD.top + innerH - y(value)) : 0);

  return (
    <figure style={{ margin: 0, position: "relative" }}>
      <div ref={box}>
        <svg
          viewBox={`0 0 ${width} ${HEIGHT}`}
          width="100%"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          data-testid="account-chart"
          style={{ display: "block", maxHeight: 240 }}
        >
          <title id={`${id}-title`}>{title}</title>
          <desc id={`${id}-desc`}>{summary}</desc>
          <AxisGrid
            values={scale.values}
            labels={tickLabels}
            left={left}
            right={width - PAD.right}
            y={y}
            testId="account-chart-scale"
          />
          {spendings.map((s, i) => (
            <rect
              key={points[i]!.day}
              x={x(i) - step * 0.35}
              width={step * 0.7}
              y={PAD.top + innerH - barHeight(s)}
              height={barHeight(s)}
              style={{ fill: cssVar.colorWarningBorder }}
            >
              <title>{pointLabel(points[i]!)}</title>
            </rect>
          ))}
          {points.length > 0 && (
            <path d={line} fill="none" style={{ stroke: cssVar.colorPrimary }} strokeWidth={2} />
          )}
          {points.map((p, i) =>
            i % labelEvery === 0 || i === points.length - 1 ? (
              <text
                key={p.day}
                x={x(i)}
                y={HEIGHT - 6}
                textAnchor="middle"
                fontSize={11}
                style={{ fill: cssVar.colorTextSecondary }}
              >
                {p.day.slice(5)}
              </text>
            ) : null,
          )}
        </svg>
      </div>
      <figcaption style={{ display: "flex", gap: 16, fontSize: 12, color: cssVar.colorTextSecondary }}>
        <span>
          <LegendSwatch colour={cssVar.colorPrimary} width={12} height={2} style={{ marginRight: 4 }} />
          {balanceLabel}
        </span>
        <span>
          <LegendSwatch colour={cssVar.colorWarningBorder} style={{ marginRight: 4 }} />
          {spendingLabel}
        </span>
      </figcaption>
      <ChartDataTable
        title={title}
        columns={[balanceLabel, spendingLabel]}
        rows={points.map((p) => ({
          day: p.day,
          cells: [formatAmount(p.balanceMicros), formatAmount(p.spendingMicros)],
        }))}
      />
    </figure>
  );
}
