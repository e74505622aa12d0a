import type { ColumnView } from "@nc/contracts/jobs";
import { Checkbox, Form, Select, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";

/** A, B, ... Z, AA: how spreadsheets name columns. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let name = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    name = String.fromCharCode(65 + rest) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** Which column holds the numbers, and whether row 1 is a header; changing either reads again. */
export function ColumnPicker(props: {
  columns: ColumnView[];
  column: number;
  header: boolean;
  disabled: boolean;
  onChange: (choice: { column: number; header: boolean }) => void;
}) {
  const { t } = useTranslation();
  const options = props.columns.map((c) => ({
    value: c.index,
    label: `${c.name || t("detection:file.column", { letter: columnLetter(c.index) })} — ${c.samples.slice(0, 3).join(", ")}`,
  }));
  return (
    <Space orientation="vertical" style={{ width: "100%" }}>
      <Form.Item label={t("detection:file.pickColumn")} style={{ marginBottom: 8 }}>
        <Select
          data-testid="detection-file-column"
          value={props.column}
          options={options}
          disabled={props.disabled}
          onChange={(column: number) => props.onChange({ column, header: props.header })}
        />
      </Form.Item>
      <Checkbox
        data-testid="detection-file-header"
        checked={props.header}
        disabled={props.disabled}
        onChange={(e) => props.onChange({ column: props.column, header: e.target.checked })}
      >
        {t("detection:file.header")}
      </Checkbox>
      <Typography.Text type="secondary">{t("detection:file.columnHelp")}</Typography.Text>
    </Space>
  );
}
