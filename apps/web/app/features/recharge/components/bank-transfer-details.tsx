import { MailOutlined } from "@ant-design/icons";
import { formatMoney } from "@nc/contracts/money";
import type { CreatedRecharge } from "@nc/contracts/recharge";
import { Alert, Button, Card, Descriptions, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { useLocale } from "../../../shell/i18n/use-locale";
import type { RootData } from "../../../shell/root-data";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { supportMailto } from "../labels";

/** What the customer needs for the transfer: the reference and the bank details, both copyable. */
export function BankTransferDetails({ created }: { created: CreatedRecharge }) {
  const { t } = useTranslation();
  const { locale } = useLocale();
  const date = useTenantDate();
  const site = (useRouteLoaderData("root") as RootData | undefined)?.site;
  const copyable = (text: string) => ({ text, tooltips: [t("recharge:copy"), t("recharge:copied")] });
  const order = created.order;
  const amount = formatMoney(order.amountMicros, order.currency, locale);
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
            {amount}
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
            <NoBankDetails email={site?.email ?? ""} reference={order.reference} amount={amount} />
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

/** The site publishes no bank details: how to get them, by an e-mail already written. */
function NoBankDetails({ email, reference, amount }: { email: string; reference: string; amount: string }) {
  const { t } = useTranslation();
  const { tenant } = useTenantAccess();
  const href = supportMailto(email, t("recharge:bank.mailSubject", { reference }), [
    t("recharge:form.mailOrganisation", { name: tenant?.tenant.name ?? "", id: tenant?.tenant.id ?? "" }),
    t("recharge:bank.mailReference", { reference }),
    t("recharge:bank.mailAmount", { amount }),
  ]);
  return (
    <Space orientation="vertical" size={8} data-testid="bank-no-details">
      <span>{t("recharge:bank.noDetails", { email })}</span>
      {email && (
        <Button href={href} icon={<MailOutlined />} data-testid="bank-support-mail">
          {t("recharge:form.writeSupport")}
        </Button>
      )}
    </Space>
  );
}
