import { Alert, type TableProps } from "antd";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { ResponsiveTable } from "../../../shell/components/stacked-columns";
import { useFocusableScroll } from "../../../shell/components/use-focusable-scroll";
import { errorText } from "../../../shell/forms/api-error-feedback";

/**
 * A console list: the table the pages share (sideways scroll on a wide screen, that a keyboard can
 * reach and `label` names; cards on a phone; its own empty text), or the reason the list could not
 * be loaded.
 */
export function ConsoleTable<T extends object>(
  props: TableProps<T> & { error: unknown; emptyText: string; label?: string },
) {
  const { t } = useTranslation();
  const { error, emptyText, label, ...table } = props;
  const box = useRef<HTMLDivElement>(null);
  useFocusableScroll(box, label);
  if (error) return <Alert type="error" showIcon title={errorText(error, t)} />;
  return (
    <div ref={box}>
      <ResponsiveTable<T> size="middle" scroll={{ x: "max-content" }} locale={{ emptyText }} {...table} />
    </div>
  );
}
