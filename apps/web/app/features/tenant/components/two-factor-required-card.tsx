import type { TenantSummary } from "@nc/contracts/tenancy";
import { Alert, Button, Space } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";

/**
 * On the choice of organisations: each one that requires two-factor sign-in of a person who has
 * not set it up says so, why, and leads to the set-up on the profile page (docs/security.md,
 * "Two-factor sign-in for every member"). Leaving it stays possible from the profile's list.
 */
export function TwoFactorRequiredCard({ tenants }: { tenants: TenantSummary[] }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const navigate = useNavigate();
  const blocked = tenants.filter((item) => item.twoFactorNeeded);
  if (blocked.length === 0) return null;
  return (
    <Space orientation="vertical" size={12} style={{ width: "100%", marginBottom: 16 }}>
      {blocked.map((item) => (
        <Alert
          key={item.tenantId}
          type="warning"
          showIcon
          data-testid={`two-factor-required-${item.name}`}
          title={t("tenant:twoFactorRequired.title", { name: item.name })}
          description={
            <>
              <p style={{ marginTop: 0 }}>{t("tenant:twoFactorRequired.why")}</p>
              <Button type="primary" onClick={() => navigate(to("/dashboard/profile"))}>
                {t("tenant:twoFactorRequired.setUp")}
              </Button>
            </>
          }
        />
      ))}
    </Space>
  );
}
