import type { ServicePriceView } from "@nc/contracts/prices";
import { Alert, Card, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { usePriceOverview } from "../../features/price/api/price-overview";
import { PriceTable } from "../../features/price/components/price-table";
import { samePrices, usualSource } from "../../features/price/price-lists";
import { errorText } from "../../shell/forms/api-error-feedback";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";

/**
 * Prices (docs/operations.md, "Prices"): one list, the organisation's own prices, saying once which
 * list they come from and marking a service priced from another. The standard and partner lists
 * follow only when the member's role allows them (the server sends only what it may see), they
 * hold a price, and they differ from the organisation's own.
 */
export default function PricePage() {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const overview = usePriceOverview(tenant?.tenant.id ?? "");
  const data = overview.data;
  const own = data?.effective?.services;
  const usual = own ? usualSource(own) : null;
  const worthShowing = (list: ServicePriceView[] | undefined): list is ServicePriceView[] =>
    Boolean(list?.length) && !(own && samePrices(list!, own));

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
          <Typography.Paragraph type="secondary">
            {t("price:effective.help")} {usual && t(`price:effective.from.${usual}`)}
          </Typography.Paragraph>
          {data?.effective && (
            <PriceTable
              testId="price-effective"
              prices={data.effective.services}
              monthlyVolume={data.effective.monthlyVolume}
              usual={usual}
            />
          )}
        </Card>
      )}
      {worthShowing(data?.standard) && (
        <Card title={t("price:standard.title")}>
          <Typography.Paragraph type="secondary">{t("price:standard.help")}</Typography.Paragraph>
          <PriceTable testId="price-standard" prices={data!.standard!} />
        </Card>
      )}
      {worthShowing(data?.partner) && (
        <Card title={t("price:partner.title")}>
          <Typography.Paragraph type="secondary">{t("price:partner.help")}</Typography.Paragraph>
          <PriceTable testId="price-partner" prices={data!.partner!} />
        </Card>
      )}
    </Space>
  );
}
