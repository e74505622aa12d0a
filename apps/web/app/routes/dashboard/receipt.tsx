import { ArrowLeftOutlined, DownloadOutlined, PrinterOutlined } from "@ant-design/icons";
import { formatMoney } from "@nc/contracts/money";
import { Alert, App, Button, Card, Descriptions, Divider, Flex, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { useDownloadReceiptPdf } from "../../features/recharge/api/receipt-pdf";
import { useRechargeReceipt } from "../../features/recharge/api/recharge-receipt";
import { METHOD_LABEL_KEYS, receivedIfDifferent } from "../../features/recharge/labels";
import { errorText, showApiError } from "../../shell/forms/api-error-feedback";
import { useLocale } from "../../shell/i18n/use-locale";
import { requireRecord } from "../../shell/record-page.server";
import { useTenantAccess } from "../../shell/tenant/use-tenant-access";
import { useTenantDate } from "../../shell/tenant/use-tenant-date";
import type { Route } from "./+types/receipt";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireRecord(request, context, params.id, (id) => `/api/tenant/recharge/s/${id}/receipt`);
  return null;
}

const PRINT_CSS = `@media print {
  .ant-layout-sider, .ant-layout-header, .nc-skip-link, .nc-no-print { display: none !important; }
  .ant-layout, .ant-layout-content { background: #fff !important; padding: 0 !important; margin: 0 !important; }
  .nc-receipt { box-shadow: none !important; border: 0 !important; }
}`;

/** account/receipt/:id: a printable receipt of one paid recharge, under the partner's brand. */
export default function ReceiptPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const { tenant } = useTenantAccess();
  const { locale, to } = useLocale();
  const date = useTenantDate();
  const receipt = useRechargeReceipt(tenant?.tenant.id ?? "", id);
  const { message } = App.useApp();
  const pdf = useDownloadReceiptPdf(tenant?.tenant.id ?? "", locale);
  const downloadPdf = () => pdf.mutateAsync(id).catch((error: unknown) => showApiError(error, t, message));

  const back = (
    <Link to={to("/dashboard/account/recharge")} className="nc-no-print">
      <ArrowLeftOutlined /> {t("recharge:receipt.back")}
    </Link>
  );
  if (receipt.isPending) return <Skeleton active />;
  if (receipt.isError)
    return (
      <Space orientation="vertical">
        {back}
        <Alert
          type="warning"
          showIcon
          title={
            (receipt.error as { code?: number }).code === 40400
              ? t("recharge:receipt.notAvailable")
              : errorText(receipt.error, t)
          }
        />
      </Space>
    );
  const r = receipt.data;
  const money = (micros: string) => formatMoney(micros, r.order.currency, locale);
  // A bank transfer may have brought another amount than ordered: the receipt is for what arrived.
  const received = receivedIfDifferent(r.order);
  return (
    <Space orientation="vertical" size={16} style={{ width: "100%", maxWidth: 760 }}>
      <style>{PRINT_CSS}</style>
      <Flex justify="space-between" align="center" className="nc-no-print">
        {back}
        <Space>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void downloadPdf()}
            loading={pdf.isPending}
            data-testid="receipt-pdf"
          >
            {t("recharge:receipt.pdf")}
          </Button>
          <Button
            type="primary"
            icon={<PrinterOutlined />}
            onClick={() => window.print()}
            data-testid="receipt-print"
          >
            {t("recharge:receipt.print")}
          </Button>
        </Space>
      </Flex>
      <Card className="nc-receipt" data-testid="receipt">
        <Flex justify="space-between" align="start" wrap gap={16}>
          <div>
            {r.brand.logo ? (
              <img src={r.brand.logo} alt={r.brand.name} height={36} />
            ) : (
              <Typography.Title level={3} style={{ margin: 0 }} data-testid="receipt-brand">
                {r.brand.name}
              </Typography.Title>
            )}
            {r.brand.email && <Typography.Text type="secondary">{r.brand.email}</Typography.Text>}
          </div>
          <div style={{ textAlign: "end" }}>
            <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
              {t("recharge:receipt.heading")}
            </Typography.Title>
            <Typography.Text>
              {t("recharge:receipt.number")}:{" "}
              <strong data-testid="receipt-number">{r.order.reference}</strong>
            </Typography.Text>
          </div>
        </Flex>
        <Divider />
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t("recharge:receipt.billedTo")}>{r.tenant.name}</Descriptions.Item>
          <Descriptions.Item label={t("recharge:receipt.organisationId")}>
            <Typography.Text code>{r.tenant.id}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t("recharge:receipt.paidAt")}>
            {r.order.paidAt ? date(r.order.paidAt) : "—"}
          </Descriptions.Item>
          <Descriptions.Item label={t("recharge:receipt.method")}>
            {t(METHOD_LABEL_KEYS[r.order.method])}
          </Descriptions.Item>
          <Descriptions.Item label={t("recharge:receipt.description")}>
            {t("recharge:receipt.line")} ({r.order.reference})
          </Descriptions.Item>
          {received !== null && (
            <Descriptions.Item label={t("recharge:receipt.ordered")}>
              {money(r.order.amountMicros)}
            </Descriptions.Item>
          )}
          <Descriptions.Item
            label={t(received === null ? "recharge:receipt.amount" : "recharge:receipt.received")}
          >
            <Typography.Text strong data-testid="receipt-amount">
              {money(received ?? r.order.amountMicros)}
            </Typography.Text>
          </Descriptions.Item>
          {r.balanceAfterMicros !== null && (
            <Descriptions.Item label={t("recharge:receipt.balanceAfter")}>
              {money(r.balanceAfterMicros)}
            </Descriptions.Item>
          )}
        </Descriptions>
        {r.brand.email && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            {t("recharge:receipt.support", { email: r.brand.email })}
          </Typography.Paragraph>
        )}
      </Card>
    </Space>
  );
}
