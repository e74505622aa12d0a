import { CheckCircleFilled, RightOutlined } from "@ant-design/icons";
import { Alert, Button, Card, List, Space, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { RestoreTenantButton } from "../../features/privacy/components/restore-tenant-button";
import { useTenants } from "../../features/tenant/api/tenants";
import { CreateTenantButton } from "../../features/tenant/components/create-tenant-button";
import { TenantListDescription } from "../../features/tenant/components/tenant-list-description";
import { TwoFactorRequiredCard } from "../../features/tenant/components/two-factor-required-card";
import { errorText } from "../../shell/forms/api-error-feedback";
import type { TenantLossState } from "../../shell/http/client-hooks-bridge";
import { pageMeta } from "../../shell/page-meta";
import { useSwitchTenant } from "../../shell/tenant/use-switch-tenant";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

export const meta = pageMeta("tenant:select.title");

const statusKey = (status: string) =>
  status === "suspended" ? "suspended" : status === "pending_deletion" ? "pendingDeletion" : "removed";

/** Tenant selection (docs/architecture.md, "Organisations and access"): pick the organisation to work in, or create one. */
export default function TenantsPage() {
  const { t } = useTranslation();
  const tenants = useTenants();
  const { tenant: active } = useTenantAccess();
  const switchTenant = useSwitchTenant();
  // Brought here because a call found the organisation gone, suspended or no longer ours.
  const lost = (useLocation().state as TenantLossState | null)?.tenantLost;
  return (
    <Card style={{ width: "100%", maxWidth: 640 }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t("tenant:select.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("tenant:select.subtitle")}</Typography.Paragraph>
      {lost && (
        <Alert type="warning" showIcon title={lost} style={{ marginBottom: 16 }} data-testid="tenant-lost" />
      )}
      {tenants.isError && <Alert type="error" showIcon message={errorText(tenants.error, t)} />}
      <TwoFactorRequiredCard tenants={tenants.data ?? []} />
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
                type={item.tenantId === active?.tenant.id ? "primary" : "default"}
                disabled={item.status !== "active" || item.twoFactorNeeded}
                onClick={() => switchTenant(item.tenantId)}
                data-testid={`open-tenant-${item.name}`}
              >
                {t("tenant:select.open")} <RightOutlined />
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={
                <Space>
                  {item.name}
                  {item.tenantId === active?.tenant.id && <CheckCircleFilled style={{ color: "#18a058" }} />}
                  {item.status !== "active" && (
                    <Tag color="red">{t(`tenant:status.${statusKey(item.status)}`)}</Tag>
                  )}
                  {item.twoFactorNeeded && <Tag color="orange">{t("tenant:twoFactorRequired.tag")}</Tag>}
                </Space>
              }
              description={<TenantListDescription item={item} timezone />}
            />
          </List.Item>
        )}
      />
      <div style={{ marginTop: 16 }}>
        <CreateTenantButton />
      </div>
    </Card>
  );
}
