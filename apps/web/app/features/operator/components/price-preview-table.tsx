import { PRICE_PREVIEW_QUANTITIES } from "@nc/contracts/operator";
import { Space, type TableColumnType, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { stackedColumns } from "../../../shell/components/stacked-columns";
import { useNarrow } from "../../../shell/device/use-narrow";
import { useLocale } from "../../../shell/i18n/use-locale";
import { usePricePreview } from "../api/price-preview";
import { previewCells } from "../setup/price-format";
import { serviceLabel } from "../setup/service-label";
import { ConsoleTable } from "./console-table";

type Row = ReturnType<typeof previewCells>[number];

/** What the organisation pays now for 1, 10,000 and 1,000,000 numbers, per service. */
export function PricePreviewTable({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const preview = usePricePreview(tenantId);
  const narrow = useNarrow();
  const number = new Intl.NumberFormat(locale);
  const rows = preview.data ? previewCells(preview.data, locale) : [];
  type Column = TableColumnType<Row>;
  const columns: Column[] = [
    {
      key: "service",
      title: t("operatorSetup:prices.service"),
      render: (_, row) => serviceLabel(t, row.service),
    },
    ...PRICE_PREVIEW_QUANTITIES.map(
      (quantity, i): Column => ({
        key: `q${quantity}`,
        title: t("operatorSetup:prices.numbers", { count: quantity, formatted: number.format(quantity) }),
        align: "right",
        render: (_, row) => {
          const cell = row.cells?.[i];
          if (!cell)
            return <Typography.Text type="secondary">{t("operatorSetup:prices.noPrice")}</Typography.Text>;
          return (
            <Space orientation="vertical" size={0}>
              <strong>{cell.total}</strong>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t("operatorSetup:prices.each", { price: cell.unit })}
              </Typography.Text>
            </Space>
          );
        },
      }),
    ),
  ];
  return (
    <ConsoleTable<Row>
      error={preview.error}
      emptyText={t("operatorSetup:prices.empty")}
      rowKey="service"
      loading={preview.isPending}
      dataSource={rows}
      pagination={false}
      columns={stackedColumns(columns, narrow)}
      scroll={narrow ? undefined : { x: "max-content" }}
      data-testid="price-preview"
    />
  );
}
