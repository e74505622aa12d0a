import { render, screen, within } from "@testing-library/react";
import { Button, Table, type TableColumnType } from "antd";
import { beforeEach, describe, expect, it } from "vitest";
import { renderPage } from "../../../test/render";
import { setScreen } from "../../../test/screen";
import { ResponsiveTable, stackedColumns } from "./stacked-columns";
import { VisuallyHidden } from "./visually-hidden";

interface Row {
  id: string;
  name: string;
  price: number;
  ref: { code: string };
}
const COLUMNS: TableColumnType<Row>[] = [
  { key: "name", title: "Name", dataIndex: "name" },
  { key: "price", title: "Price", render: (_, row) => `$${row.price}` },
  { key: "ref", title: "Reference", dataIndex: ["ref", "code"] },
  { key: "secret", title: "Secret", hidden: true, render: () => "hidden" },
  { key: "note", title: "Note", render: (_, row) => (row.id === "a" ? "first" : null) },
  {
    key: "actions",
    title: <VisuallyHidden>Actions</VisuallyHidden>,
    render: (_, row) => <Button>Cancel {row.name}</Button>,
  },
];
const ROWS: Row[] = [
  { id: "a", name: "Alpha", price: 3, ref: { code: "R-1" } },
  { id: "b", name: "Beta", price: 5, ref: { code: "R-2" } },
];

// Wide unless a test says otherwise (test/screen.ts).
beforeEach(() => setScreen({ width: 1440 }));

describe("stackedColumns", () => {
  it("keeps the columns as they are on a wide screen", () => {
    expect(stackedColumns(COLUMNS, false)).toBe(COLUMNS);
  });

  it("on a phone puts every shown column of a row in one cell, each labelled by its title", () => {
    const columns = stackedColumns(COLUMNS, true);
    expect(columns).toHaveLength(1);
    render(<Table<Row> rowKey="id" dataSource={ROWS} columns={columns} pagination={false} />);
    const cell = screen.getByText("Alpha").closest("td")!;
    expect(cell.textContent).toBe("AlphaPrice: $3Reference: R-1Note: firstCancel Alpha");
    expect(screen.getByRole("columnheader").textContent).toBe("Name");
  });
});

describe("ResponsiveTable", () => {
  it("is antd's table with a column each on a wide screen", async () => {
    await renderPage(
      <ResponsiveTable<Row> rowKey="id" dataSource={ROWS} columns={COLUMNS} pagination={false} />,
    );
    expect(screen.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "Name",
      "Price",
      "Reference",
      "Note",
      "Actions",
    ]);
    expect(screen.queryAllByTestId("stacked-row")).toHaveLength(0);
  });

  it("shows one labelled card a row on a phone, from the same columns, with the row's actions", async () => {
    setScreen({ width: 390 });
    await renderPage(
      <ResponsiveTable<Row>
        rowKey="id"
        dataSource={ROWS}
        columns={COLUMNS}
        pagination={false}
        scroll={{ x: "max-content" }}
      />,
    );
    const cards = screen.getAllByTestId("stacked-row");
    expect(cards).toHaveLength(2);
    // No note on this row: no empty "Note:" line; the actions column's title is for screen readers only.
    expect(cards[1]!.textContent).toBe("BetaPrice: $5Reference: R-2Cancel Beta");
    expect(within(cards[0]!).getByRole("button", { name: "Cancel Alpha" })).toBeTruthy();
    expect(screen.getAllByRole("columnheader")).toHaveLength(1);
    // No sideways scrolling: the table is laid out at the screen's width.
    expect(document.querySelector(".ant-table-layout-fixed")).not.toBeNull();
    expect(document.querySelector(".ant-table-content")?.getAttribute("style") ?? "").not.toContain(
      "overflow-x: auto",
    );
  });
});
