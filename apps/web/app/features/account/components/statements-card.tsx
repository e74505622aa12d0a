import { DownloadOutlined } from "@ant-design/icons";
import { App, Button, Card, Skeleton, Typography } from "antd";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useDownloadStatement, useStatementMonths } from "../api/statements";

/** A month (YYYY-MM) by name in the page's language: "November 2026". */
const monthName = (month: string, locale: string) =>
  new Intl.DateTimeFormat(locale, { year: "numeric", month: "long", timeZone: "UTC" }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

const ROW: CSSProperties = {
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  gap: 8,
  padding: "6px 0",
};

/**
 * The monthly statements as PDF (account_stmt:read), newest first, from the organisation's first
 * movement (docs/operations.md, "Billing details, receipts and statements").
 */
export function StatementsCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const { message } = App.useApp();
  const months = useStatementMonths(tenantId);
  const download = useDownloadStatement(tenantId, locale);

  const onDownload = async (month: string) => {
    try {
      await download.mutateAsync(month);
    } catch (error) {
      showApiError(error, t, message);
    }
  };

  return (
    <Card title={t("account:statements.title")} data-testid="statements-card">
      <Typography.Paragraph type="secondary">{t("account:statements.help")}</Typography.Paragraph>
      {months.isError ? (
        <Typography.Text type="danger">{errorText(months.error, t)}</Typography.Text>
      ) : months.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : months.data.months.length === 0 ? (
        <Typography.Text type="secondary">{t("account:statements.empty")}</Typography.Text>
      ) : (
        <ul style={{ listStyle: "none", padding: 0, margin: 0 }}>
          {months.data.months.map((month) => (
            <li key={month} data-testid="statement-row" style={ROW}>
              <span>{monthName(month, locale)}</span>
              <Button
                size="small"
                icon={<DownloadOutlined />}
                loading={download.isPending && download.variables === month}
                onClick={() => void onDownload(month)}
                aria-label={t("account:statements.download", { month: monthName(month, locale) })}
              >
                {t("account:statements.pdf")}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
