import { Alert, type TableProps } from "antd";
import { useTranslation } from "react-i18next";
import { ResponsiveTable } from "../../../shell/components/stacked-columns";
import { errorText } from "../../../shell/forms/api-error-feedback";

/**
 * A console list: the table the pages share (sideways scroll on a phone, its own empty text), or
 * the reason the list could not be loaded.
 */
export function ConsoleTable<T extends object>(props: TableProps<T> & { error: unknown; emptyText: string }) {
  const { t } = useTranslation();
  const { error, emptyText, ...table } = props;
  if (error) return <Alert type="error" showIcon title={errorText(error, t)} />;
  return <ResponsiveTable<T> size="middle" scroll={{ x: "max-content" }} locale={{ emptyText }} {...table} />;
}
