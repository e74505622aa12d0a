import type { TableColumnType } from "antd";
import type { ReactNode } from "react";

/**
 * A table's columns for a phone: one cell per row holding every column as "title: value", so
 * nothing sits off screen to scroll sideways to. The first column leads, unlabelled.
 */
export function stackedColumns<T extends object>(
  columns: TableColumnType<T>[],
  narrow: boolean,
): TableColumnType<T>[] {
  if (!narrow || columns.length === 0) return columns;
  const cell = (column: TableColumnType<T>, row: T, index: number): ReactNode => {
    const value = column.dataIndex ? (row as Record<string, unknown>)[String(column.dataIndex)] : undefined;
    return column.render ? (column.render(value, row, index) as ReactNode) : (value as ReactNode);
  };
  const [first, ...rest] = columns;
  return [
    {
      key: "stacked",
      title: first!.title as ReactNode,
      render: (_, row, index) => (
        <div style={{ display: "grid", gap: 4 }}>
          <div>{cell(first!, row, index)}</div>
          {rest.map((column) => (
            <div key={String(column.key)} style={{ overflowWrap: "anywhere" }}>
              <span style={{ opacity: 0.75 }}>{column.title as ReactNode}: </span>
              {cell(column, row, index)}
            </div>
          ))}
        </div>
      ),
    },
  ];
}
