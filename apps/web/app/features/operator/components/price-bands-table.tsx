import { formatMoney, microsToDecimal } from "@nc/contracts/money";
import type { OperatorPriceList, PriceListQuery } from "@nc/contracts/operator";
import type { ServiceCode } from "@nc/contracts/services";
import { App, Button, Popconfirm, Space, type TableColumnType } from "antd";
import { useTranslation } from "react-i18next";
import { stackedColumns } from "../../../shell/components/stacked-columns";
import { useNarrow } from "../../../shell/device/use-narrow";
import { showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useRemovePrice } from "../api/remove-price";
import { serviceLabel } from "../setup/service-label";
import { ConsoleTable } from "./console-table";
import type { BandValues } from "./price-band-form";

interface Row {
  key: string;
  service: ServiceCode;
  currency: string;
  from: number;
  priceMicros: string;
  /** Rows of one service share its first cell. */
  span: number;
}

/** One list's bands, per service: change one (into the form) or remove it. */
export function PriceBandsTable({
  list,
  current,
  error,
  loading,
  mayUpdate,
  onChoose,
}: {
  list: PriceListQuery;
  current: OperatorPriceList | undefined;
  error: unknown;
  loading: boolean;
  mayUpdate: boolean;
  onChoose: (band: BandValues) => void;
}) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const remove = useRemovePrice();
  const narrow = useNarrow();
  const number = new Intl.NumberFormat(locale);
  const rows: Row[] = (current?.services ?? []).flatMap((s) =>
    s.bands.map((band, i) => ({
      key: `${s.service}-${band.minMonthlyVolume}`,
      service: s.service,
      currency: s.currency,
      from: band.minMonthlyVolume,
      priceMicros: band.priceMicros,
      span: i === 0 ? s.bands.length : 0,
    })),
  );

  async function onRemove(row: Row) {
    try {
      await remove.mutateAsync({ ...list, service: row.service, minMonthlyVolume: row.from });
      void message.success(t("operatorSetup:prices.removed"));
    } catch (failure) {
      showApiError(failure, t, message);
    }
  }

  type Column = TableColumnType<Row>;
  const columns: Column[] = [
    {
      key: "service",
      title: t("operatorSetup:prices.service"),
      onCell: (row) => ({ rowSpan: row.span }),
      render: (_, row) => serviceLabel(t, row.service),
    },
    {
      key: "from",
      title: t("operatorSetup:prices.from"),
      align: "right",
      render: (_, row) => t("operatorSetup:prices.fromValue", { volume: number.format(row.from) }),
    },
    {
      key: "price",
      title: t("operatorSetup:prices.price"),
      align: "right",
      render: (_, row) => formatMoney(row.priceMicros, row.currency, locale),
    },
    ...(mayUpdate
      ? [
          {
            key: "actions",
            title: t("operatorSetup:prices.actions"),
            render: (_: unknown, row: Row) => (
              <Space wrap>
                <Button
                  size="small"
                  onClick={() =>
                    onChoose({
                      service: row.service,
                      minMonthlyVolume: row.from,
                      price: microsToDecimal(row.priceMicros),
                      currency: row.currency,
                    })
                  }
                >
                  {t("operatorSetup:prices.change")}
                </Button>
                <Popconfirm
                  title={t("operatorSetup:prices.removeConfirm")}
                  okText={t("operatorSetup:prices.remove")}
                  cancelText={t("operatorSetup:cancel")}
                  onConfirm={() => onRemove(row)}
                >
                  <Button size="small" danger data-testid={`band-remove-${row.key}`}>
                    {t("operatorSetup:prices.remove")}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <ConsoleTable<Row>
      error={error}
      emptyText={t("operatorSetup:prices.empty")}
      rowKey="key"
      loading={loading}
      dataSource={rows}
      pagination={false}
      columns={stackedColumns(columns, narrow)}
      scroll={narrow ? undefined : { x: "max-content" }}
      data-testid="price-bands"
    />
  );
}
