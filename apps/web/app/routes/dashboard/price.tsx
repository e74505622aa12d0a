import { Alert, Card, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { usePriceOverview } from "../../features/price/api/price-overview";
import { PriceTable } from "../../features/price/components/price-table";
import { errorText } from "../../shell/forms/api-error-feedback";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/**
 * Prices (docs/operations.md, "Prices"): the organisation's own prices, the standard list and the partner list,
 * each shown when the member's role allows it; the server sends only what it may see.
 */
export default function PricePage() {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const overview = usePriceOverview(tenant?.tenant.id ?? "");
  const data = overview.data;

  return (
    <Space orientation="vertical" size="large" style={{ width: "100%" }}>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0, marginBottom: 0 }}>
        {t("price:title")}
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        message={t("price:howCharging.title")}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            <li>{t("price:howCharging.perNumber")}</li>
            <li>{t("price:howCharging.bands")}</li>
            <li>{t("price:howCharging.precedence")}</li>
          </ul>
        }
      />
      {overview.isError && <Alert type="error" showIcon message={errorText(overview.error, t)} />}
      {(overview.isPending || data?.effective) && (
        <Card title={t("price:effective.title")} loading={overview.isPending}>
          <Typography.Paragraph type="secondary">{t("price:effective.help")}</Typography.Paragraph>
          {data?.effective && (
            <PriceTable
              testId="price-effective"
              prices={data.effective.services}
              monthlyVolume={data.effective.monthlyVolume}
            />
          )}
        </Card>
      )}
      {data?.standard && (
        <Card title={t("price:standard.title")}>
          <Typography.Paragraph type="secondary">{t("price:standard.help")}</Typography.Paragraph>
          <PriceTable testId="price-standard" prices={data.standard} />
        </Card>
      )}
      {data?.partner && (
        <Card title={t("price:partner.title")}>
          <Typography.Paragraph type="secondary">{t("price:partner.help")}</Typography.Paragraph>
          <PriceTable testId="price-partner" prices={data.partner} />
        </Card>
      )}
    </Space>
  );
}
