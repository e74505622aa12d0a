import type { TenantSummary } from "@nc/contracts/tenancy";
import { useQueryClient } from "@tanstack/react-query";
import { App, Button, Card, List, Popconfirm, Space, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useSessionUser } from "../../../shell/session/use-session-user";
import { clearActiveTenant } from "../../../shell/tenant/active-tenant";
import { useSwitchTenant } from "../../../shell/tenant/use-switch-tenant";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { RestoreTenantButton } from "../../privacy";
import { useTenants } from "../api/tenants";
import { useLeaveTenant } from "../api/update-tenant";
import { CreateTenantButton } from "./create-tenant-button";
import { TenantListDescription } from "./tenant-list-description";

/** The user's organisations on the profile page: open one, or leave it. */
export function MyTenantsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const tenants = useTenants();
  const leave = useLeaveTenant();
  const user = useSessionUser();
  const { tenant: active } = useTenantAccess();
  const switchTenant = useSwitchTenant();
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();

  const onLeave = async (item: TenantSummary) => {
    try {
      await leave.mutateAsync(item.tenantId);
      if (user && active?.tenant.id === item.tenantId) clearActiveTenant(user.id);
      void message.success(t("tenant:settings.left", { name: item.name }));
      await queryClient.invalidateQueries({ queryKey: ["tenants"] });
      await revalidator.revalidate();
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Card title={t("profile:tenants.title")} extra={<CreateTenantButton type="default" />}>
      <List
        loading={tenants.isPending}
        dataSource={tenants.data ?? []}
        locale={{ emptyText: t("tenant:select.empty") }}
        renderItem={(item) => (
          <List.Item
            actions={[
              <RestoreTenantButton key="restore" tenant={item} />,
              <Button
                key="open"
                size="small"
                onClick={() => switchTenant(item.tenantId)}
                disabled={item.status !== "active"}
              >
                {t("tenant:select.open")}
              </Button>,
              <Popconfirm
                key="leave"
                title={t("tenant:settings.leaveConfirm", { name: item.name })}
                okButtonProps={{ danger: true }}
                onConfirm={() => onLeave(item)}
              >
                <Button size="small" danger>
                  {t("tenant:settings.leave")}
                </Button>
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  {item.name}
                  {item.tenantId === active?.tenant.id && (
                    <Tag color="green">{t("profile:tenants.active")}</Tag>
                  )}
                </Space>
              }
              description={<TenantListDescription item={item} />}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
