import type { SsoSettingsInput } from "@nc/contracts/sso";
import { App, Button, Divider, Form, Input, Select, Switch, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { roleName, useRoles } from "../../role";
import { useSaveSsoSettings } from "../api/save-sso-settings";
import { useSsoSettings } from "../api/sso-settings";
import { SsoDomainList } from "./sso-domain-list";

/**
 * Single sign-on for the organisation's Owners (organisation page, settings; docs/security.md,
 * "Single sign-on"): the identity provider, the role of people who join by it, the rule that the
 * domains' members sign in this way, the redirect URI to register, and the domains' proofs.
 * Hidden from others; the server refuses them anyway.
 */
export function SsoSettingsSection() {
  const { tenant } = useTenantAccess();
  if (!tenant?.super) return null;
  return <SsoSettingsForm tenantId={tenant.tenant.id} />;
}

function SsoSettingsForm({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SsoSettingsInput>();
  const settings = useSsoSettings(tenantId);
  const roles = useRoles(tenantId);
  const save = useSaveSsoSettings(tenantId);
  const view = settings.data;

  const submit = async (values: SsoSettingsInput) => {
    try {
      await save.mutateAsync({ ...values, clientSecret: values.clientSecret || undefined });
      form.setFieldValue("clientSecret", "");
      void message.success(t("tenant:sso.saved"));
    } catch (error) {
      showApiError(error, t, message, form);
    }
  };

  return (
    <section aria-labelledby="sso-title">
      <Divider />
      <Typography.Title level={3} style={{ fontSize: 16 }} id="sso-title">
        {t("tenant:sso.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("tenant:sso.intro")}</Typography.Paragraph>
      {view && (
        <>
          <Typography.Paragraph>
            {t("tenant:sso.redirectUri")}{" "}
            <Typography.Text code copyable data-testid="sso-redirect-uri">
              {view.redirectUri}
            </Typography.Text>
          </Typography.Paragraph>
          <Form
            form={form}
            layout="vertical"
            style={{ maxWidth: 480 }}
            initialValues={{
              issuer: view.issuer,
              clientId: view.clientId,
              clientSecret: "",
              roleId: view.roleId ?? undefined,
              required: view.required,
            }}
            onFinish={submit}
          >
            <Form.Item
              name="issuer"
              label={t("tenant:sso.issuer")}
              extra={t("tenant:sso.issuerHelp")}
              rules={[{ required: true }]}
            >
              <Input placeholder="https://login.example.com" data-testid="sso-issuer" />
            </Form.Item>
            <Form.Item name="clientId" label={t("tenant:sso.clientId")} rules={[{ required: true }]}>
              <Input data-testid="sso-client-id" autoComplete="off" />
            </Form.Item>
            <Form.Item
              name="clientSecret"
              label={t("tenant:sso.clientSecret")}
              extra={view.hasClientSecret ? t("tenant:sso.clientSecretKept") : undefined}
              rules={[{ required: !view.hasClientSecret }]}
            >
              <Input.Password data-testid="sso-client-secret" autoComplete="new-password" />
            </Form.Item>
            <Form.Item
              name="roleId"
              label={t("tenant:sso.role")}
              extra={t("tenant:sso.roleHelp")}
              rules={[{ required: true }]}
            >
              <Select
                data-testid="sso-role"
                loading={roles.isLoading}
                options={(roles.data ?? [])
                  .filter((role) => !role.super)
                  .map((role) => ({ value: role.id, label: roleName(role, t) }))}
              />
            </Form.Item>
            <Form.Item
              name="required"
              label={t("tenant:sso.required")}
              extra={t("tenant:sso.requiredHelp")}
              valuePropName="checked"
            >
              <Switch data-testid="sso-required" />
            </Form.Item>
            <Button htmlType="submit" loading={save.isPending} data-testid="save-sso">
              {t("tenant:sso.save")}
            </Button>
          </Form>
          <SsoDomainList tenantId={tenantId} domains={view.domains} />
        </>
      )}
    </section>
  );
}
