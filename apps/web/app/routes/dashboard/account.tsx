import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { BalanceCard } from "../../features/account/components/balance-card";
import { BillingDetailsCard } from "../../features/account/components/billing-details-card";
import { ChartCard } from "../../features/account/components/chart-card";
import { LowBalanceCard } from "../../features/account/components/low-balance-card";
import { StatementsCard } from "../../features/account/components/statements-card";
import { TransactionsCard } from "../../features/account/components/transactions-card";
import { Can } from "../../shell/access/can";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/**
 * account (docs/operations.md, "Balance and recharges"): a column of cards. Balance, chart, transactions and monthly
 * statements (account_stmt:read), the low-balance threshold (tenant:update) and the billing details (read by all who see
 * the account, changed with tenant:update). The recharge card joins this column as one more <Card>.
 */
export default function AccountPage() {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {t("account:title")}
      </Typography.Title>
      <BalanceCard tenantId={tenantId} />
      <ChartCard tenantId={tenantId} />
      <Can permissions={ROUTE_PERMISSIONS.accountDetail}>
        <TransactionsCard tenantId={tenantId} />
        <StatementsCard tenantId={tenantId} />
      </Can>
      <Can permissions={["tenant:update"]}>
        <LowBalanceCard tenantId={tenantId} />
      </Can>
      <BillingDetailsCard tenantId={tenantId} />
    </Space>
  );
}
