import { formatMoney } from "@nc/contracts/money";
import type { PriceBandView, PriceSource, ServicePriceView } from "@nc/contracts/prices";
import { SERVICES } from "@nc/contracts/services";
import { Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ResponsiveTable } from "../../../shell/components/stacked-columns";
import { useLocale } from "../../../shell/i18n/use-locale";

interface Row {
  key: string;
  service: string;
  currency: string;
  band: PriceBandView;
  source?: ServicePriceView["source"];
  /** Rows of one service share its first cell. */
  span: number;
  current: boolean;
}

/** The band a monthly volume is in: the highest start not above it (or the first band). */
function currentBand(bands: PriceBandView[], volume: number): number | undefined {
  let chosen = bands[0]?.minMonthlyVolume;
  for (const band of bands) if (band.minMonthlyVolume <= volume) chosen = band.minMonthlyVolume;
  return chosen;
}

/** The mark of a price's source beside its service. */
const SOURCE_KEYS: Record<PriceSource, string> = {
  special: "price:source.special",
  partner: "price:source.partner",
  standard: "price:source.standard",
};

/**
 * One price list: a row per service and volume band. For the organisation's own prices a service
 * whose price comes from another list than `usual` is marked with its source.
 */
export function PriceTable({
  prices,
  monthlyVolume,
  usual,
  testId,
}: {
  prices: ServicePriceView[];
  /** Given for the organisation's own prices: marks the band reached. */
  monthlyVolume?: Record<string, number>;
  /** Where most prices come from (said once above the list); others are marked. */
  usual?: PriceSource | null;
  testId: string;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const number = new Intl.NumberFormat(locale);
  const rows: Row[] = prices.flatMap((p) => {
    const reached = monthlyVolume ? currentBand(p.bands, monthlyVolume[p.service] ?? 0) : undefined;
    return p.bands.map((band, i) => ({
      key: `${p.service}-${band.minMonthlyVolume}`,
      service: p.service,
      currency: p.currency,
      band,
      source: p.source,
      span: i === 0 ? p.bands.length : 0,
      current: reached === band.minMonthlyVolume,
    }));
  });
  const serviceName = (code: string) => {
    const s = SERVICES.find((x) => x.code === code);
    return s ? t(`services:${s.code}.name`) : code;
  };

  return (
    <ResponsiveTable<Row>
      data-testid={testId}
      rowKey="key"
      dataSource={rows}
      pagination={false}
      size="middle"
      locale={{ emptyText: t("price:empty") }}
      columns={[
        {
          title: t("price:columns.service"),
          dataIndex: "service",
          onCell: (row) => ({ rowSpan: row.span }),
          render: (_, row) => (
            <>
              {serviceName(row.service)}
              {usual && row.source && row.source !== usual && (
                <Tag color={row.source === "special" ? "green" : "blue"} style={{ marginInlineStart: 8 }}>
                  {t(SOURCE_KEYS[row.source])}
                </Tag>
              )}
              {monthlyVolume && (
                <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
                  {t("price:volumeThisMonth", { formatted: number.format(monthlyVolume[row.service] ?? 0) })}
                </Typography.Text>
              )}
            </>
          ),
        },
        {
          title: t("price:columns.band"),
          key: "band",
          render: (_, row) => (
            <>
              {t("price:bandFrom", { formatted: number.format(row.band.minMonthlyVolume) })}
              {row.current && (
                <Tag color="blue" style={{ marginInlineStart: 8 }}>
                  {t("price:currentBand")}
                </Tag>
              )}
            </>
          ),
        },
        {
          title: t("price:columns.price"),
          key: "price",
          align: "right",
          render: (_, row) => formatMoney(row.band.priceMicros, row.currency, locale),
        },
      ]}
    />
  );
}
