import { SwapOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useSwitchTenant } from "../../../shell/tenant/use-switch-tenant";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useTenants } from "../api/tenants";

/**
 * The active organisation's name; opens a list to switch to another. The list is asked for on a
 * sign of intent (the pointer or focus reaching the button) or when it opens, not with every page:
 * the answer and the re-render it brings came right after hydration on each dashboard load
 * (docs/performance.md, "antd's work at hydration").
 */
export function TenantSwitcher() {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const [wanted, setWanted] = useState(false);
  const tenants = useTenants({ enabled: wanted });
  const switchTenant = useSwitchTenant();
  const navigate = useNavigate();
  const { to } = useLocale();
  if (!tenant) return null;
  const want = () => setWanted(true);
  const others = (tenants.data ?? []).filter((x) => x.tenantId !== tenant.tenant.id && x.status === "active");
  return (
    <Dropdown
      trigger={["click"]}
      onOpenChange={(open) => open && want()}
      menu={{
        items: [
          ...(tenants.isPending
            ? [{ key: "loading", label: t("tenant:switcher.loading"), disabled: true }]
            : []),
          ...others.map((x) => ({
            key: x.tenantId,
            label: x.name,
            onClick: () => void switchTenant(x.tenantId),
          })),
          ...(others.length || tenants.isPending ? [{ type: "divider" as const }] : []),
          { key: "all", label: t("tenant:switcher.all"), onClick: () => navigate(to("/dashboard/tenants")) },
        ],
      }}
    >
      <Button
        type="text"
        icon={<SwapOutlined />}
        data-testid="tenant-switcher"
        style={{ maxWidth: 220 }}
        onPointerEnter={want}
        onFocus={want}
      >
        <span style={{ overflow: "hidden", textOverflow: "ellipsis" }}>{tenant.tenant.name}</span>
      </Button>
    </Dropdown>
  );
}
