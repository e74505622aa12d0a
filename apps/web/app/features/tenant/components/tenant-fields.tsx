import { nameSchema } from "@nc/contracts/auth";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../../../shell/forms/zod-rule";
import { TimezoneSelect } from "./timezone-select";

/** An organisation's name and time zone, as the create form and the settings tab ask for them. */
export function TenantFields({ creating = false }: { creating?: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="name" label={t("tenant:fields.name")} rules={[zodRule(nameSchema, t)]}>
        <Input autoFocus={creating} data-testid={creating ? "create-tenant-name" : undefined} />
      </Form.Item>
      <Form.Item
        name="timezoneCode"
        label={t("tenant:fields.timezone")}
        extra={t("tenant:fields.timezoneHelp")}
      >
        <TimezoneSelect />
      </Form.Item>
    </>
  );
}
