import { passwordSchema } from "@nc/contracts/auth";
import { failedPasswordRules } from "@nc/contracts/password-policy";
import { Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { zodRule } from "../forms/zod-rule";
import { PasswordRules } from "./password-rules";

/** New password + confirmation, with the live requirement checklist. */
export function NewPasswordFields({
  name = "password",
  emailField = "email",
}: {
  name?: string;
  emailField?: string;
}) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const password = Form.useWatch(name, form) as string | undefined;
  const email = Form.useWatch(emailField, form) as string | undefined;
  return (
    <>
      <Form.Item
        name={name}
        label={t("auth:password.new")}
        rules={[
          zodRule(passwordSchema, t),
          {
            validator: async (_r, value: string) => {
              if (value && failedPasswordRules(value, email ?? "").length > 0)
                throw new Error(t("errors:passwordWeak"));
            },
          },
        ]}
        style={{ marginBottom: 12 }}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <PasswordRules password={password ?? ""} email={email} />
      <Form.Item
        name={`${name}Confirm`}
        label={t("auth:password.confirm")}
        dependencies={[name]}
        rules={[
          { required: true, message: t("validation:required") },
          ({ getFieldValue }) => ({
            validator: async (_r, value) => {
              if (value && value !== getFieldValue(name)) throw new Error(t("validation:passwords_differ"));
            },
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
