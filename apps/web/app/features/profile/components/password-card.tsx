import { type Profile, passwordSchema } from "@nc/contracts/auth";
import { App, Button, Card, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { NewPasswordFields } from "../../../shell/components/password-field";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import { useChangePassword } from "../api/change-password";

/** Changes the password; the server signs out every other session of the user. */
export function PasswordCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const change = useChangePassword();
  return (
    <Card title={t("profile:password.title")}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ email: profile.email }}
        onFinish={async (values: { password: string; newPassword: string }) => {
          try {
            await change.mutateAsync({ password: values.password, newPassword: values.newPassword });
            form.resetFields();
            void message.success(t("profile:password.changed"));
          } catch (error) {
            showApiError(error, t, message, form);
          }
        }}
      >
        <Form.Item name="email" hidden>
          <Input />
        </Form.Item>
        {/* Named as the request names them, so the server's verdict on the current password
            (passwordWrong, shown under "password") lands under this field, not the new one. */}
        <Form.Item name="password" label={t("profile:password.current")} rules={[zodRule(passwordSchema, t)]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields name="newPassword" />
        <Button
          type="primary"
          htmlType="submit"
          loading={change.isPending}
          data-testid="change-password-submit"
        >
          {t("profile:password.submit")}
        </Button>
      </Form>
    </Card>
  );
}
