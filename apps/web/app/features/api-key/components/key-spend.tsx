import type { ApiKeyView } from "@nc/contracts/api-keys";
import { formatMoney } from "@nc/contracts/money";
import { Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../shell/i18n/use-locale";

/** "Today: $1.20 / $5.00" and "This month: $3.00 / no limit": what a key spent against its limits. */
export function KeySpend({ apiKey }: { apiKey: ApiKeyView }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { spend } = apiKey;
  const money = (micros: string) => formatMoney(micros, spend.currency, locale);
  const limit = (micros: string | null) => (micros === null ? t("apiKeys:limits.noLimit") : money(micros));
  const rows = [
    { key: "apiKeys:limits.today", spent: spend.todayMicros, limit: spend.dailyLimitMicros },
    { key: "apiKeys:limits.month", spent: spend.thisMonthMicros, limit: spend.monthlyLimitMicros },
  ] as const;
  return (
    <Flex vertical gap={0} data-testid="api-key-spend">
      {rows.map((row) => (
        <Typography.Text key={row.key} style={{ whiteSpace: "nowrap", fontSize: 12 }}>
          {t(row.key, { spent: money(row.spent), limit: limit(row.limit) })}
        </Typography.Text>
      ))}
    </Flex>
  );
}
