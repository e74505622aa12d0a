import type { ReactNode } from "react";

/**
 * Content for screen readers only (a chart's data as a table). The clipping box is a block, not
 * the table itself: a table ignores `height` and `overflow`, so a hidden table still laid out its
 * full height and stretched the page's scroll by hundreds of pixels. The box is positioned inside
 * its nearest positioned ancestor (give the chart's figure `position: relative`).
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return (
    <div
      data-visually-hidden=""
      style={{
        position: "absolute",
        top: 0,
        left: 0,
        width: 1,
        height: 1,
        margin: -1,
        padding: 0,
        border: 0,
        overflow: "hidden",
        clip: "rect(0 0 0 0)",
        clipPath: "inset(50%)",
        whiteSpace: "nowrap",
      }}
    >
      {children}
    </div>
  );
}

/** A chart's figures for screen readers: one row per day, a column per series. */
export function ChartDataTable({
  title,
  columns,
  rows,
}: {
  title: string;
  columns: string[];
  rows: { day: string; cells: string[] }[];
}) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{title}</th>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.day}>
              <th scope="row">{r.day}</th>
              {r.cells.map((c, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a row's cells are its fixed columns
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
