import { Alert, Card, Descriptions, Space, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { usePaymentMethods } from "../../features/operator/api/payment-methods";
import { useOperatorRecharges } from "../../features/operator/api/recharges";
import { PageHeading } from "../../features/operator/components/page-heading";
import { PermissionTags } from "../../features/operator/components/permission-tags";
import { OPERATOR_SCOPE_LABEL_KEYS } from "../../features/operator/permission-labels";
import { useOperator } from "../../features/operator/use-operator";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operator:overview.title");

/** Where a Stripe account's keys are; the webhook's secret is made on the same dashboard. */
const STRIPE_KEYS_URL = "https://dashboard.stripe.com/apikeys";

/**
 * /operator: who the console works for, their reach and rights, what waits for them, and a warning
 * when the server's settings give customers no way to pay (docs/operations.md, "The operator console").
 */
export default function OperatorOverviewPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { me, has } = useOperator();
  const seesMoney = has("operator.recharge:read");
  const pending = useOperatorRecharges("pending", seesMoney);
  const methods = usePaymentMethods(seesMoney);
  const noWayToPay = methods.data && !methods.data.card && !methods.data.bankTransfer;
  const operator = me.data!;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading title={t("operator:overview.title")} />
      {noWayToPay && (
        <Alert
          type="warning"
          showIcon
          data-testid="operator-no-payment-method"
          title={t("operator:overview.noPaymentMethod")}
          description={
            <a href={STRIPE_KEYS_URL} target="_blank" rel="noreferrer">
              {t("operator:overview.noPaymentMethodLink")}
            </a>
          }
        />
      )}
      <Card>
        <Descriptions
          column={{ xs: 1, md: 3 }}
          items={[
            {
              key: "who",
              label: t("operator:overview.who"),
              children: <span data-testid="operator-email">{operator.email}</span>,
            },
            {
              key: "scope",
              label: t("operator:overview.scope"),
              children: (
                <span data-testid="operator-scope">{t(OPERATOR_SCOPE_LABEL_KEYS[operator.scope])}</span>
              ),
            },
            { key: "partner", label: t("operator:overview.partner"), children: operator.partnerName },
          ]}
        />
      </Card>
      {seesMoney && (
        <Card>
          <Statistic
            title={t("operator:overview.pending")}
            value={pending.data?.length ?? "–"}
            loading={pending.isPending}
            valueStyle={{ fontVariantNumeric: "tabular-nums" }}
            data-testid="operator-pending-count"
          />
          <Link to={to("/operator/money")}>{t("operator:overview.pendingLink")}</Link>
        </Card>
      )}
      <Card title={t("operator:overview.rights")}>
        <PermissionTags rights={operator.permissions} />
      </Card>
    </Space>
  );
}
