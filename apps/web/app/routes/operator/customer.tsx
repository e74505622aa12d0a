import { formatMoney } from "@nc/contracts/money";
import { Alert, Card, Descriptions, Skeleton, Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useCustomer } from "../../features/operator/api/customers";
import { AdjustBalanceForm } from "../../features/operator/components/adjust-balance-form";
import { CustomerPageLinks } from "../../features/operator/components/customer-page-links";
import { MonthSpendDetails } from "../../features/operator/components/month-spend";
import { PageHeading } from "../../features/operator/components/page-heading";
import { customerStatusLabel } from "../../features/operator/permission-labels";
import { useOperator, useOperatorDate } from "../../features/operator/use-operator";
import { errorText } from "../../shell/forms/api-error-feedback";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operator:customer.title");

/** /operator/customers/:id: one organisation's details and, with the right, a balance correction. */
export default function OperatorCustomerPage() {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const date = useOperatorDate();
  const { has } = useOperator();
  const id = useParams().id ?? "";
  const customer = useCustomer(id);
  const c = customer.data;

  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <Link to={to("/operator/customers")}>← {t("operator:customer.back")}</Link>
      <PageHeading title={c?.name ?? t("operator:customer.title")} />
      <CustomerPageLinks customerId={id} />
      {customer.isError ? (
        <Alert type="error" showIcon title={errorText(customer.error, t)} />
      ) : !c ? (
        <Skeleton active />
      ) : (
        <>
          <Card>
            <Descriptions
              column={{ xs: 1, md: 2 }}
              data-testid="customer-details"
              items={[
                {
                  key: "balance",
                  label: t("operator:customers.balance"),
                  children: (
                    <strong data-testid="customer-balance">
                      {formatMoney(c.balanceMicros, c.currency, locale)}
                    </strong>
                  ),
                },
                {
                  key: "spend",
                  label: t("operator:customers.monthSpend"),
                  children: formatMoney(c.monthSpend.totalMicros, c.currency, locale),
                },
                { key: "partner", label: t("operator:customers.partner"), children: c.partnerName },
                { key: "owner", label: t("operator:customers.owner"), children: c.ownerEmail ?? "—" },
                { key: "members", label: t("operator:customers.members"), children: c.members },
                {
                  key: "status",
                  label: t("operator:customer.status"),
                  children: customerStatusLabel(t, c.status),
                },
                {
                  key: "activity",
                  label: t("operator:customers.lastActivity"),
                  children: c.lastActivityAt ? date(c.lastActivityAt) : t("operator:customers.never"),
                },
                { key: "created", label: t("operator:customer.created"), children: date(c.createdAt) },
                {
                  key: "id",
                  label: t("operator:customer.id"),
                  children: (
                    <code style={{ overflowWrap: "anywhere" }} data-testid="customer-id">
                      {c.id}
                    </code>
                  ),
                },
              ]}
            />
          </Card>
          <Card
            title={<h2 style={{ font: "inherit", margin: 0 }}>{t("operator:customer.spendByService")}</h2>}
          >
            <MonthSpendDetails spend={c.monthSpend} currency={c.currency} />
          </Card>
          {has("operator.balance:adjust") && <AdjustBalanceForm customer={c} />}
        </>
      )}
    </Space>
  );
}
