import { SwapOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useSwitchTenant } from "../../../shell/tenant/use-switch-tenant";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useTenants } from "../api/tenants";

/** The active organisation's name; opens a list to switch to another. */
export function TenantSwitcher() {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const tenants = useTenants();
  const switchTenant = useSwitchTenant();
  const navigate = useNavigate();
  const { to } = useLocale();
  if (!tenant) return null;
  const others = (tenants.data ?? []).filter((x) => x.tenantId !== tenant.tenant.id && x.status === "active");
  return (
    <Dropdown
      trigger={["click"]}
      menu={{
        items: [
          ...others.map((x) => ({
            key: x.tenantId,
            label: x.name,
            onClick: () => void switchTenant(x.tenantId),
          })),
          ...(others.length ? [{ type: "divider" as const }] : []),
          { key: "all", label: t("tenant:switcher.all"), onClick: () => navigate(to("/dashboard/tenants")) },
        ],
      }}
    >
      <Button type="text" icon={<SwapOutlined />} data-testid="tenant-switcher" style={{ maxWidth: 220 }}>
        <span style={{ overflow: "hidden", textOverflow: "ellipsis" }}>{tenant.tenant.name}</span>
      </Button>
    </Dropdown>
  );
}
