import { render, screen } from "@testing-library/react";
import { Table, type TableColumnType } from "antd";
import { describe, expect, it } from "vitest";
import { stackedColumns } from "./stacked-columns";

interface Row {
  id: string;
  name: string;
  price: number;
}
const COLUMNS: TableColumnType<Row>[] = [
  { key: "name", title: "Name", dataIndex: "name" },
  { key: "price", title: "Price", render: (_, row) => `$${row.price}` },
];
const ROWS: Row[] = [{ id: "a", name: "Alpha", price: 3 }];

describe("stackedColumns", () => {
  it("keeps the columns as they are on a wide screen", () => {
    expect(stackedColumns(COLUMNS, false)).toBe(COLUMNS);
  });

  it("on a phone puts every column of a row in one cell, each labelled by its title", () => {
    const columns = stackedColumns(COLUMNS, true);
    expect(columns).toHaveLength(1);
    render(<Table<Row> rowKey="id" dataSource={ROWS} columns={columns} pagination={false} />);
    const cell = screen.getByText("Alpha").closest("td")!;
    expect(cell.textContent).toBe("AlphaPrice: $3");
    expect(screen.getByRole("columnheader").textContent).toBe("Name");
  });
});
