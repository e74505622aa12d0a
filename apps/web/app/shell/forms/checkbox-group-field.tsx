import { Checkbox, type GetProps } from "antd";

type GroupProps = GetProps<typeof Checkbox.Group> & { "aria-required"?: unknown; label: string };

/**
 * A form field's checkboxes as one group a screen reader names by the field's label. antd's
 * Form.Item gives its control `aria-required`, which a group may not carry (axe:
 * aria-allowed-attr); the label's mark and the rule's message say the field is required instead.
 */
export function CheckboxGroupField({ "aria-required": _required, label, ...props }: GroupProps) {
  return <Checkbox.Group role="group" aria-label={label} {...props} />;
}
