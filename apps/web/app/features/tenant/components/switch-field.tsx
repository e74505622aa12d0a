import { Form, Switch } from "antd";

/** A settings switch with its label and help underneath, as the organisation's settings show them. */
export function SwitchField(props: {
  name: string;
  label: string;
  help: string;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <Form.Item name={props.name} label={props.label} extra={props.help} valuePropName="checked">
      <Switch data-testid={props.testId} disabled={props.disabled} />
    </Form.Item>
  );
}
