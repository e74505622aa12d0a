import type { SeriesPoint } from "@nc/contracts/account";
import { microsToDecimal } from "@nc/contracts/money";
import { theme } from "antd";
import { useId, useRef } from "react";
import { LegendSwatch } from "../../../shell/components/legend-swatch";
import { ChartDataTable } from "../../../shell/components/visually-hidden";
import { useWidth } from "../../../shell/device/use-width";

const HEIGHT = 200;
const PAD = { top: 20, right: 8, bottom: 24, left: 8 };

/** The largest of some amounts in micros (0 for none), exact: amounts are bigints as strings. */
const peak = (amounts: string[]) => amounts.reduce((max, a) => (BigInt(a) > max ? BigInt(a) : max), 0n);

/**
 * A small SVG chart without a chart library: spending as bars, the closing balance as a line, each
 * scaled to its own maximum, which is written at the top in the series' colour (balance on the
 * left, spending on the right) so the heights can be read. Screen readers get a title, a summary
 * and the data as a hidden table.
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
  const balances = points.map((p) => Number(microsToDecimal(p.balanceMicros)));
  const spendings = points.map((p) => Math.max(0, Number(microsToDecimal(p.spendingMicros))));
  const maxBalance = Math.max(1e-9, ...balances);
  const maxSpending = Math.max(1e-9, ...spendings);
  const innerW = width - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const step = points.length ? innerW / points.length : innerW;
  const x = (i: number) => PAD.left + step * i + step / 2;
  const y = (value: number, max: number) => PAD.top + innerH - (value / max) * innerH;
  const line = balances
    .map((b, i) => `${i === 0 ? "M" : "L"}${x(i).toFixed(1)},${y(b, maxBalance).toFixed(1)}`)
    .join(" ");
  const labelEvery = Math.max(1, Math.ceil(points.length / 6));

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
          <line
            x1={PAD.left}
            x2={width - PAD.right}
            y1={PAD.top + innerH}
            y2={PAD.top + innerH}
            style={{ stroke: cssVar.colorBorder }}
          />
          {points.length > 0 && (
            <g fontSize={11} data-testid="account-chart-scale">
              <line
                x1={PAD.left}
                x2={width - PAD.right}
                y1={PAD.top}
                y2={PAD.top}
                style={{ stroke: cssVar.colorBorderSecondary }}
                strokeDasharray="3 3"
              />
              <text x={PAD.left} y={PAD.top - 6} style={{ fill: cssVar.colorPrimaryText }}>
                {formatAmount(peak(points.map((p) => p.balanceMicros)).toString())}
              </text>
              <text
                x={width - PAD.right}
                y={PAD.top - 6}
                textAnchor="end"
                style={{ fill: cssVar.colorWarningText }}
              >
                {formatAmount(peak(points.map((p) => p.spendingMicros)).toString())}
              </text>
            </g>
          )}
          {spendings.map((s, i) => (
            <rect
              key={points[i]!.day}
              x={x(i) - step * 0.35}
              width={step * 0.7}
              y={y(s, maxSpending)}
              height={PAD.top + innerH - y(s, maxSpending)}
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
