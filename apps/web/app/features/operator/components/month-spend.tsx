import { formatMoney } from "@nc/contracts/money";
import type { OperatorMonthSpend } from "@nc/contracts/operator";
import { Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";
import { spendServiceLabel } from "../setup/service-label";

interface Props {
  spend: OperatorMonthSpend;
  currency: string;
}

/**
 * A customer's spend this (UTC) month as a list cell: the total, and under it the split by
 * service on one small line, so the table stays one row per customer and nothing hides in a hover.
 */
export function MonthSpendCell({ spend, currency }: Props) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const split = spend.byService
    .map((s) => `${spendServiceLabel(t, s.service)} ${formatMoney(s.micros, currency, locale)}`)
    .join(" · ");
  return (
    <span data-testid="month-spend">
      {formatMoney(spend.totalMicros, currency, locale)}
      {split && (
        <Typography.Text type="secondary" style={{ display: "block", fontSize: 12 }}>
          {split}
        </Typography.Text>
      )}
    </span>
  );
}

/** A customer's spend this (UTC) month, service by service, with the total. */
export function MonthSpendDetails({ spend, currency }: Props) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  if (spend.byService.length === 0)
    return <Typography.Text type="secondary">{t("operator:customer.noSpend")}</Typography.Text>;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="month-spend-by-service"
      items={[
        ...spend.byService.map((s) => ({
          key: s.service,
          label: spendServiceLabel(t, s.service),
          children: formatMoney(s.micros, currency, locale),
        })),
        {
          key: "total",
          label: <strong>{t("operator:customer.spendTotal")}</strong>,
          children: <strong>{formatMoney(spend.totalMicros, currency, locale)}</strong>,
        },
      ]}
    />
  );
}
