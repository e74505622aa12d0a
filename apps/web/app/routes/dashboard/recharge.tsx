import type { CreatedRecharge } from "@nc/contracts/recharge";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import { Alert, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useRechargeOptions } from "../../features/recharge/api/recharge-options";
import { AutoTopUpCard } from "../../features/recharge/components/auto-top-up-card";
import { BankTransferDetails } from "../../features/recharge/components/bank-transfer-details";
import { RechargeFormCard } from "../../features/recharge/components/recharge-form-card";
import { RechargeOrdersCard } from "../../features/recharge/components/recharge-orders-card";
import { subtitleKey } from "../../features/recharge/labels";
import { Can } from "../../shell/access/can";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/** account/recharge (docs/operations.md, "Balance and recharges"): new recharge (card or bank transfer) and the list of orders. */
export default function RechargePage() {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const tenantId = tenant?.tenant.id ?? "";
  const [params] = useSearchParams();
  const result = params.get("result");
  const [created, setCreated] = useState<CreatedRecharge | null>(null);
  const options = useRechargeOptions(tenantId);
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <div>
        <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
          {t("recharge:title")}
        </Typography.Title>
        <Typography.Text type="secondary" data-testid="recharge-subtitle">
          {t(subtitleKey(options.data?.methods))}
        </Typography.Text>
      </div>
      {result === "success" && <Alert type="success" showIcon title={t("recharge:returned.success")} />}
      {result === "cancel" && <Alert type="warning" showIcon title={t("recharge:returned.cancel")} />}
      {created && <BankTransferDetails created={created} />}
      <RechargeFormCard tenantId={tenantId} onBankTransfer={setCreated} />
      <Can permissions={["account:read"]}>
        <AutoTopUpCard tenantId={tenantId} />
      </Can>
      <Can permissions={ROUTE_PERMISSIONS.receipt}>
        <RechargeOrdersCard tenantId={tenantId} />
      </Can>
    </Space>
  );
}
