import { AuditOutlined, ProfileOutlined } from "@ant-design/icons";
import { Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";

/** From a customer's page to its ledger and its read-only support view. */
export function CustomerPageLinks({ customerId }: { customerId: string }) {
  const { t } = useTranslation();
  const { to } = useLocale();
  const base = `/operator/customers/${encodeURIComponent(customerId)}`;
  return (
    <Space size={16} wrap data-testid="customer-page-links">
      <Link to={to(`${base}/ledger`)}>
        <ProfileOutlined /> {t("operatorPeople:ledger.title")}
      </Link>
      <Link to={to(`${base}/support`)}>
        <AuditOutlined /> {t("operatorPeople:support.title")}
      </Link>
    </Space>
  );
}
