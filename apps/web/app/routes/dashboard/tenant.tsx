import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Tabs, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { AuditTab } from "../../features/audit/components/audit-tab";
import { MembersTab } from "../../features/member/components/members-tab";
import { RolesTab } from "../../features/role/components/roles-tab";
import { SettingsTab } from "../../features/tenant/components/settings-tab";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/** Tenant management (docs/architecture.md, "What a person meets first"): Settings (default), Members, Roles, Audit log; the tab is in ?tab=. */
export default function TenantPage() {
  const { t } = useTranslation();
  const { tenant, can } = useTenantAccess();
  const [params, setParams] = useSearchParams();
  const tabs = [
    { key: "settings", label: t("tenant:tabs.settings"), children: <SettingsTab /> },
    ...(can(["tenant_user:read"])
      ? [{ key: "members", label: t("tenant:tabs.members"), children: <MembersTab /> }]
      : []),
    ...(can(["role:read"]) ? [{ key: "roles", label: t("tenant:tabs.roles"), children: <RolesTab /> }] : []),
    ...(can(ROUTE_PERMISSIONS.audit) && tenant
      ? [{ key: "audit", label: t("tenant:tabs.audit"), children: <AuditTab tenantId={tenant.tenant.id} /> }]
      : []),
  ];
  const active = tabs.some((tab) => tab.key === params.get("tab")) ? params.get("tab")! : "settings";
  return (
    <>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {tenant?.tenant.name}
      </Typography.Title>
      <Tabs activeKey={active} onChange={(key) => setParams({ tab: key }, { replace: true })} items={tabs} />
    </>
  );
}
