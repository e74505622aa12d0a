import { formatMoney } from "@nc/contracts/money";
import type { CreatedRecharge } from "@nc/contracts/recharge";
import { Alert, Card, Descriptions, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import type { RootData } from "../../../shell/root-data";
import { useTenantDate } from "../../tenant/use-tenant-date";

/** What the customer needs for the transfer: the reference and the bank details, both copyable. */
export function BankTransferDetails({ created }: { created: CreatedRecharge }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const date = useTenantDate();
  const site = (useRouteLoaderData("root") as RootData | undefined)?.site;
  const copyable = (text: string) => ({ text, tooltips: [t("recharge:copy"), t("recharge:copied")] });
  const order = created.order;
  return (
    <Card title={t("recharge:bank.title")} data-testid="bank-transfer-details">
      <Alert type="info" showIcon title={t("recharge:bank.referenceHelp")} style={{ marginBottom: 16 }} />
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t("recharge:bank.reference")}>
          <Typography.Text strong copyable={copyable(order.reference)} data-testid="bank-reference">
            {order.reference}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("recharge:bank.amount")}>
          <Typography.Text
            copyable={copyable(formatMoney(order.amountMicros, order.currency, "en").replace(/[^\d.]/g, ""))}
          >
            {formatMoney(order.amountMicros, order.currency, locale)}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t("recharge:bank.details")}>
          {created.bankDetails ? (
            <Typography.Paragraph
              copyable={copyable(created.bankDetails)}
              style={{ whiteSpace: "pre-wrap", marginBottom: 0 }}
              data-testid="bank-details"
            >
              {created.bankDetails}
            </Typography.Paragraph>
          ) : (
            t("recharge:bank.noDetails", { email: site?.email ?? "" })
          )}
        </Descriptions.Item>
        {order.expiresAt && (
          <Descriptions.Item label={t("recharge:orders.status")}>
            {t("recharge:bank.expires", { date: date(order.expiresAt) })}
          </Descriptions.Item>
        )}
      </Descriptions>
    </Card>
  );
}
