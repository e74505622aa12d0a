import { Form, Input, Space } from "antd";
import { useNarrow } from "../device/use-narrow";

/**
 * A "from – to" pair of date inputs for a filter form, bound to the form's `from` and `to`
 * fields; on a phone the pair fills the width. `testId` prefixes the inputs' test ids.
 */
export function DateRangeField({ label, testId }: { label: string; testId: string }) {
  const narrow = useNarrow();
  const half = narrow ? { width: "50%" } : undefined;
  return (
    <Form.Item label={label}>
      <Space.Compact style={narrow ? { width: "100%" } : undefined}>
        <Form.Item name="from" noStyle>
          <Input type="date" aria-label={`${label} 1`} style={half} data-testid={`${testId}-from`} />
        </Form.Item>
        <Form.Item name="to" noStyle>
          <Input type="date" aria-label={`${label} 2`} style={half} data-testid={`${testId}-to`} />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
