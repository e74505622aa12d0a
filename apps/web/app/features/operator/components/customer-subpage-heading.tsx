import { Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useCustomer } from "../api/customers";
import { PageHeading } from "./page-heading";

/** The head of a page about one customer: the way back to it, the page's title and whose it is. */
export function CustomerSubpageHeading({ customerId, titleKey }: { customerId: string; titleKey: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const customer = useCustomer(customerId);
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Link to={to(`/operator/customers/${customerId}`)}>
        ← {customer.data?.name ?? t("operator:customer.title")}
      </Link>
      <PageHeading title={t(titleKey)} subtitle={customer.data?.name} />
    </Space>
  );
}
