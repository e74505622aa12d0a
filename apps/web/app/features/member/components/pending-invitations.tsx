import type { Invitation } from "@nc/contracts/members";
import { App, Button, Card, Popconfirm, Space } from "antd";
import { useTranslation } from "react-i18next";
import { Can } from "../../../shell/access/can";
import { ResponsiveTable } from "../../../shell/components/stacked-columns";
import { VisuallyHidden } from "../../../shell/components/visually-hidden";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { roleName } from "../../role";
import { useInvitations } from "../api/invitations";
import { useResendInvitation } from "../api/resend-invitation";
import { useRevokeInvitation } from "../api/revoke-invitation";

/** Invitations not yet answered: resend (a new link, the old one stops working) or cancel. */
export function PendingInvitations() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tenant } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const invitations = useInvitations(tenantId);
  const resend = useResendInvitation(tenantId);
  const revoke = useRevokeInvitation(tenantId);
  const date = useTenantDate();

  const onResend = async (invitation: Invitation) => {
    try {
      await resend.mutateAsync(invitation.id);
      void message.success(t("members:invitations.resent", { email: invitation.email }));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  const onCancel = async (invitation: Invitation) => {
    try {
      await revoke.mutateAsync(invitation.id);
      void message.success(t("members:invitations.cancelled", { email: invitation.email }));
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Card title={t("members:invitations.title")}>
      <ResponsiveTable<Invitation>
        rowKey="id"
        loading={invitations.isPending}
        dataSource={invitations.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        data-testid="invitations-table"
        locale={{
          emptyText: invitations.isError ? errorText(invitations.error, t) : t("members:invitations.empty"),
        }}
        columns={[
          { title: t("members:invitations.email"), dataIndex: "email" },
          { title: t("members:invitations.role"), key: "role", render: (_, inv) => roleName(inv.role, t) },
          {
            title: t("members:invitations.invitedBy"),
            key: "invitedBy",
            render: (_, inv) => inv.invitedBy?.name ?? "—",
          },
          { title: t("members:invitations.sent"), key: "sent", render: (_, inv) => date(inv.createdAt) },
          {
            title: t("members:invitations.expires"),
            key: "expires",
            render: (_, inv) => date(inv.expiresAt),
          },
          {
            title: <VisuallyHidden>{t("common:a11y.actions")}</VisuallyHidden>,
            key: "actions",
            render: (_, inv) => (
              <Space size={0}>
                <Can permissions={["tenant_user:create"]}>
                  <Button
                    type="link"
                    size="small"
                    loading={resend.isPending && resend.variables === inv.id}
                    onClick={() => void onResend(inv)}
                    disabled={inv.role.super && !tenant?.super}
                    data-testid={`resend-invite-${inv.email}`}
                  >
                    {t("members:invitations.resend")}
                  </Button>
                </Can>
                <Can permissions={["tenant_user:delete"]}>
                  <Popconfirm
                    title={t("members:invitations.cancelConfirm", { email: inv.email })}
                    okText={t("members:invitations.cancel")}
                    okButtonProps={{ danger: true }}
                    cancelText={t("members:invitations.keep")}
                    onConfirm={() => onCancel(inv)}
                  >
                    <Button type="link" danger size="small" data-testid={`cancel-invite-${inv.email}`}>
                      {t("members:invitations.cancel")}
                    </Button>
                  </Popconfirm>
                </Can>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
