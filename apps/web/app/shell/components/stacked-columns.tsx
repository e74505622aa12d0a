import { Table, type TableColumnType, type TableProps, Typography } from "antd";
import { isValidElement, type ReactNode } from "react";
import { useNarrow } from "../device/use-narrow";
import { VisuallyHidden } from "./visually-hidden";

/**
 * A table's columns for a phone: one cell per row holding every column as "title: value", so
 * nothing sits off screen to scroll sideways to and no column is squeezed to a few characters a
 * line (a word broken mid-word, a Chinese reference one character per line). The first column
 * leads, unlabelled, under its own title as the table's one header; a column without a title
 * (the row's actions) follows unlabelled; hidden columns stay hidden.
 */
/** Whether a column's title reads on screen: not absent, and not only for screen readers (actions). */
const shownLabel = (title: unknown) =>
  Boolean(title) && !(isValidElement(title) && title.type === VisuallyHidden);

export function stackedColumns<T extends object>(
  columns: TableColumnType<T>[],
  narrow: boolean,
): TableColumnType<T>[] {
  const shown = columns.filter((column) => !column.hidden);
  if (!narrow || shown.length === 0) return columns;
  const cell = (column: TableColumnType<T>, row: T, index: number): ReactNode => {
    const path = column.dataIndex === undefined ? [] : [column.dataIndex].flat();
    const value = path.reduce<unknown>(
      (at, key) => (at as Record<string, unknown> | undefined)?.[String(key)],
      path.length > 0 ? row : undefined,
    );
    return column.render ? (column.render(value, row, index) as ReactNode) : (value as ReactNode);
  };
  const title = (column: TableColumnType<T>) =>
    (typeof column.title === "function" ? column.title({}) : column.title) as ReactNode;
  const [first, ...rest] = shown;
  return [
    {
      key: "stacked",
      title: title(first!),
      render: (_, row, index) => (
        <div style={{ display: "grid", gap: 4, minWidth: 0 }} data-testid="stacked-row">
          <div style={{ overflowWrap: "anywhere" }}>{cell(first!, row, index)}</div>
          {rest.map((column, at) => {
            const value = cell(column, row, index);
            // An empty cell (no action on this row) takes no line of the card.
            if (value === null || value === undefined || value === false || value === "") return null;
            return (
              <div key={String(column.key ?? at)} style={{ overflowWrap: "anywhere" }}>
                {shownLabel(column.title) ? (
                  <Typography.Text type="secondary">{title(column)}: </Typography.Text>
                ) : null}
                {value}
              </div>
            );
          })}
        </div>
      ),
    },
  ];
}

/**
 * antd's Table on a wide screen; on a phone (docs/architecture.md, "Web layout": widths through
 * useScreenAtLeast) the same rows and column definitions as one labelled card a row
 * (stackedColumns), at the screen's width. Pagination, loading, the empty text and row handlers
 * are the table's own either way.
 */
export function ResponsiveTable<T extends object>(props: TableProps<T>) {
  const narrow = useNarrow();
  if (!narrow) return <Table<T> {...props} />;
  return (
    <Table<T>
      {...props}
      scroll={undefined}
      tableLayout="fixed"
      columns={stackedColumns((props.columns ?? []) as TableColumnType<T>[], true)}
      data-layout="stacked"
    />
  );
}
