import type { Profile } from "@nc/contracts/auth";
import { nameSchema } from "@nc/contracts/auth";
import { LOCALE_NAMES, LOCALES } from "@nc/contracts/locales";
import { App, Button, Card, Form, Input, Select } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { zodRule } from "../../../shell/forms/zod-rule";
import { useUpdateProfile } from "../api/profile";

/** Name and the language of e-mails. */
export function PersonalInfoCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const update = useUpdateProfile();
  return (
    <Card title={t("profile:info.title")}>
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: profile.name, locale: profile.locale ?? "en" }}
        onFinish={async (values) => {
          try {
            await update.mutateAsync(values);
            void message.success(t("profile:saved"));
          } catch (error) {
            showApiError(error, t, message, form);
          }
        }}
      >
        <Form.Item name="name" label={t("auth:fields.name")} rules={[zodRule(nameSchema, t)]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item
          name="locale"
          label={t("profile:info.emailLanguage")}
          extra={t("profile:info.emailLanguageHelp")}
        >
          <Select options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          {t("profile:save")}
        </Button>
      </Form>
    </Card>
  );
}
