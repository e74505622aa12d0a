import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, Descriptions, Divider, Form, Popconfirm, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useSessionUser } from "../../../shell/session/use-session-user";
import { clearActiveTenant } from "../../../shell/tenant/active-tenant";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { TenantPrivacySection } from "../../privacy";
import { SsoSettingsSection } from "../../sso";
import { useLeaveTenant, useUpdateTenant } from "../api/update-tenant";
import { SwitchField } from "./switch-field";
import { TenantFields } from "./tenant-fields";
import { TenantSecuritySection } from "./tenant-security-section";
import { useSettingsSave } from "./use-settings-save";

interface Settings {
  name: string;
  timezoneCode: string;
  keepFileColumns: boolean;
}

/**
 * Name, time zone and whether uploads keep the file's other columns (tenant:update), leaving it; for
 * owners, the sign-in rules, export and deletion.
 */
export function SettingsTab() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tenant, can } = useTenantAccess();
  const user = useSessionUser();
  const revalidator = useRevalidator();
  const [form] = Form.useForm<Settings>();
  const update = useUpdateTenant(tenant?.tenant.id ?? "");
  const leave = useLeaveTenant();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { to } = useLocale();
  const save = useSettingsSave(form, update.mutateAsync, "tenant:settings.saved");
  if (!tenant) return null;
  const editable = can(["tenant:update"]);

  const onLeave = async () => {
    try {
      await leave.mutateAsync(tenant.tenant.id);
      if (user) clearActiveTenant(user.id);
      void message.success(t("tenant:settings.left", { name: tenant.tenant.name }));
      queryClient.clear();
      navigate(to("/dashboard/tenants"), { replace: true });
      await revalidator.revalidate();
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Card>
      {editable ? (
        <Form
          form={form}
          layout="vertical"
          style={{ maxWidth: 480 }}
          initialValues={{
            name: tenant.tenant.name,
            timezoneCode: tenant.tenant.timezoneCode,
            keepFileColumns: tenant.tenant.keepFileColumns,
          }}
          onFinish={save}
        >
          <TenantFields />
          <SwitchField
            name="keepFileColumns"
            label={t("tenant:fields.keepFileColumns")}
            help={t("tenant:fields.keepFileColumnsHelp")}
            testId="keep-file-columns"
          />
          <Button type="primary" htmlType="submit" loading={update.isPending}>
            {t("tenant:settings.save")}
          </Button>
        </Form>
      ) : (
        <Descriptions column={1}>
          <Descriptions.Item label={t("tenant:fields.name")}>{tenant.tenant.name}</Descriptions.Item>
          <Descriptions.Item label={t("tenant:fields.timezone")}>
            {tenant.tenant.timezoneCode}
          </Descriptions.Item>
          <Descriptions.Item label={t("tenant:fields.keepFileColumns")}>
            <Switch checked={tenant.tenant.keepFileColumns} disabled size="small" />
          </Descriptions.Item>
        </Descriptions>
      )}
      <Divider />
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t("tenant:settings.leaveTitle")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("tenant:settings.leaveText")}</Typography.Paragraph>
      <Popconfirm
        title={t("tenant:settings.leaveConfirm", { name: tenant.tenant.name })}
        okText={t("tenant:settings.leave")}
        okButtonProps={{ danger: true }}
        onConfirm={onLeave}
      >
        <Button danger loading={leave.isPending} data-testid="leave-tenant">
          {t("tenant:settings.leave")}
        </Button>
      </Popconfirm>
      <TenantSecuritySection />
      <SsoSettingsSection />
      <TenantPrivacySection />
    </Card>
  );
}
