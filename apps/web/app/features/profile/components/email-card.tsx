import { changeEmailBody, type Profile } from "@nc/contracts/auth";
import { App, Button, Card, Form, Input, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import { EmailCodeField } from "../../auth";
import { useChangeEmail } from "../api/change-email";

/** Moves the account to a new address, confirmed by a code sent there. */
export function EmailCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const change = useChangeEmail();
  const revalidator = useRevalidator();
  return (
    <Card title={t("profile:email.title")}>
      <Typography.Paragraph>
        {t("profile:email.current")}: <strong data-testid="current-email">{profile.email}</strong>
      </Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={async (values: { newEmail: string; code: string }) => {
          try {
            await change.mutateAsync({
              email: values.newEmail.trim().toLowerCase(),
              code: values.code.trim(),
            });
            form.resetFields();
            await revalidator.revalidate();
            void message.success(t("profile:email.changed"));
          } catch (error) {
            showApiError(error, t, message, form);
          }
        }}
      >
        <Form.Item
          name="newEmail"
          label={t("profile:email.new")}
          rules={[zodRule(changeEmailBody.shape.email, t)]}
        >
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <EmailCodeField kind="changeEmail" emailField="newEmail" captcha={false} />
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          {t("profile:email.submit")}
        </Button>
      </Form>
    </Card>
  );
}
