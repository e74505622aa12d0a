import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Checkbox, Divider, Form, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useSessionUser } from "../../../shell/session/use-session-user";
import { clearActiveTenant } from "../../../shell/tenant/active-tenant";
import { useSwitchTenant } from "../../../shell/tenant/use-switch-tenant";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { tenantsQuery } from "../../tenant";
import { useDeleteTenant } from "../api/delete-tenant";
import { useExportTenant } from "../api/export-tenant";
import { ConfirmIdentityModal } from "./confirm-identity-modal";
import { purgeDateText } from "./purge-date";

/**
 * The organisation's data for its Owners (organisation page, settings): export it all as one
 * archive, or delete the organisation (restorable during the grace period). Hidden from others;
 * the server refuses them anyway.
 */
export function TenantPrivacySection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tenant } = useTenantAccess();
  const { locale, to } = useLocale();
  const user = useSessionUser();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const switchTenant = useSwitchTenant();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<"export" | "delete" | null>(null);
  const id = tenant?.tenant.id ?? "";
  const exportData = useExportTenant(id, locale);
  const remove = useDeleteTenant(id);
  if (!tenant?.super) return null;
  const close = () => setDialog(null);

  return (
    <>
      <Divider />
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t("privacy:export.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("privacy:export.text")}</Typography.Paragraph>
      <Button onClick={() => setDialog("export")} data-testid="export-tenant">
        {t("privacy:export.submit")}
      </Button>
      <Divider />
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t("privacy:tenant.deleteTitle")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("privacy:tenant.deleteText")}</Typography.Paragraph>
      <Button danger onClick={() => setDialog("delete")} data-testid="delete-tenant">
        {t("privacy:tenant.delete")}
      </Button>

      <ConfirmIdentityModal
        open={dialog === "export"}
        title={t("privacy:export.title")}
        okText={t("privacy:export.submit")}
        testId="export-tenant-dialog"
        onCancel={close}
        onConfirm={async (proof) => {
          await exportData.mutateAsync(proof);
          close();
          void message.success(t("privacy:export.done"));
        }}
      />
      <ConfirmIdentityModal
        open={dialog === "delete"}
        title={t("privacy:tenant.confirmTitle", { name: tenant.tenant.name })}
        okText={t("privacy:tenant.delete")}
        danger
        testId="delete-tenant-dialog"
        onCancel={close}
        onConfirm={async (proof, values) => {
          const done = await remove.mutateAsync({ ...proof, forfeitBalance: values.forfeitBalance === true });
          close();
          // Text now: the page this goes to is rendered afresh.
          void message.success(
            `${t("privacy:tenant.deleted", { name: tenant.tenant.name })} ${purgeDateText(t, locale, done.purgeAfter ?? "")}`,
          );
          if (user) clearActiveTenant(user.id);
          queryClient.clear();
          // The one organisation left takes the deleted one's place; with several, or none, the
          // person chooses (or creates) one.
          const left = await queryClient.fetchQuery(tenantsQuery()).catch(() => []);
          const active = left.filter((o) => o.status === "active" && o.tenantId !== id);
          if (active.length === 1) return switchTenant(active[0]!.tenantId);
          navigate(to("/dashboard/tenants"), { replace: true });
          await revalidator.revalidate();
        }}
      >
        <Typography.Paragraph>{t("privacy:tenant.consequences")}</Typography.Paragraph>
        <Form.Item name="forfeitBalance" valuePropName="checked" extra={t("privacy:tenant.forfeitHelp")}>
          <Checkbox data-testid="forfeit-balance">{t("privacy:tenant.forfeit")}</Checkbox>
        </Form.Item>
      </ConfirmIdentityModal>
    </>
  );
}
