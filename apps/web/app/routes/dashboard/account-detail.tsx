import { ArrowLeftOutlined } from "@ant-design/icons";
import { Alert, Skeleton, Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useTransactionDetail } from "../../features/account/api/transaction-detail";
import { TransactionDetailCards } from "../../features/account/components/transaction-detail-cards";
import { errorText } from "../../shell/forms/api-error-feedback";
import { useLocale } from "../../shell/i18n/use-locale";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";
import { useTenantDate } from "../../shell/tenant/use-tenant-date";

/** account/detail?id=: one ledger row and everything it references. */
export default function AccountDetailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("id") ?? "";
  const { tenant } = useTenantAccess();
  const { to } = useLocale();
  const date = useTenantDate();
  const detail = useTransactionDetail(tenant?.tenant.id ?? "", id);

  const back = (
    <Link to={to("/dashboard/account")}>
      <ArrowLeftOutlined /> {t("account:detail.back")}
    </Link>
  );
  if (!id)
    return (
      <Space orientation="vertical">
        {back}
        <Alert type="warning" showIcon title={t("account:detail.missingId")} />
      </Space>
    );
  if (detail.isPending) return <Skeleton active />;
  if (detail.isError)
    return (
      <Space orientation="vertical">
        {back}
        <Alert type="error" showIcon title={errorText(detail.error, t)} />
      </Space>
    );
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      {back}
      <TransactionDetailCards detail={detail.data} date={date} />
    </Space>
  );
}
