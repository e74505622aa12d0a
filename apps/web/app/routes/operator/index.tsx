import { Card, Descriptions, Space, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useOperatorRecharges } from "../../features/operator/api/recharges";
import { PageHeading } from "../../features/operator/components/page-heading";
import { PermissionTags } from "../../features/operator/components/permission-tags";
import { OPERATOR_SCOPE_LABEL_KEYS } from "../../features/operator/permission-labels";
import { useOperator } from "../../features/operator/use-operator";
import { useLocale } from "../../shell/i18n/use-locale";
import { pageMeta } from "../../shell/page-meta";

export const meta = pageMeta("operator:overview.title");

/** /operator: who the console works for, their reach and rights, and what waits for them. */
export default function OperatorOverviewPage() {
  const { t } = useTranslation();
  const { to } = useLocale();
  const { me, has } = useOperator();
  const seesMoney = has("operator.recharge:read");
  const pending = useOperatorRecharges("pending", seesMoney);
  const operator = me.data!;
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%" }}>
      <PageHeading title={t("operator:overview.title")} />
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
