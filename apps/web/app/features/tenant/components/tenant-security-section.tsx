import type { TenantSecurity } from "@nc/contracts/tenancy";
import { Button, Divider, Form, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useSetTenantSecurity } from "../api/tenant-security";
import { SwitchField } from "./switch-field";
import { useSettingsSave } from "./use-settings-save";

/**
 * The organisation's sign-in rules, for its Owners (organisation page, settings): require
 * two-factor sign-in of every member, and whether API keys of members without it keep working
 * (docs/security.md, "Two-factor sign-in for every member"). Hidden from others; the server
 * refuses them anyway.
 */
export function TenantSecuritySection() {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const [form] = Form.useForm<TenantSecurity>();
  const save = useSetTenantSecurity(tenant?.tenant.id ?? "");
  const required = Form.useWatch("requireTwoFactor", form);
  const submit = useSettingsSave(form, save.mutateAsync, "tenant:security.saved");
  if (!tenant?.super) return null;

  return (
    <>
      <Divider />
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t("tenant:security.title")}
      </Typography.Title>
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 480 }}
        initialValues={{
          requireTwoFactor: tenant.tenant.requireTwoFactor,
          keysWithoutTwoFactor: tenant.tenant.keysWithoutTwoFactor,
        }}
        onFinish={submit}
      >
        <SwitchField
          name="requireTwoFactor"
          label={t("tenant:security.requireTwoFactor")}
          help={t("tenant:security.requireTwoFactorHelp")}
          testId="require-two-factor"
        />
        <SwitchField
          name="keysWithoutTwoFactor"
          label={t("tenant:security.keysWithoutTwoFactor")}
          help={t("tenant:security.keysWithoutTwoFactorHelp")}
          testId="keys-without-two-factor"
          disabled={!required}
        />
        <Button htmlType="submit" loading={save.isPending} data-testid="save-security">
          {t("tenant:security.save")}
        </Button>
      </Form>
    </>
  );
}
