import { DownloadOutlined, ReloadOutlined } from "@ant-design/icons";
import { formatMoney } from "@nc/contracts/money";
import type { RechargeOrder } from "@nc/contracts/recharge";
import { Alert, App, Button, Card, Popconfirm, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Can } from "../../../shell/access/can";
import { ResponsiveTable } from "../../../shell/components/stacked-columns";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { useCancelRecharge } from "../api/cancel-recharge";
import { useDownloadReceiptPdf } from "../api/receipt-pdf";
import { useRecharges } from "../api/recharges";
import { METHOD_LABEL_KEYS, receivedIfDifferent } from "../labels";
import { RechargeStatusTag } from "./recharge-status-tag";

/** The organisation's recharge orders with their state; cancel what is pending, open receipts. */
export function RechargeOrdersCard({ tenantId }: { tenantId: string }) {
  const { t } = useTranslation();
  const { locale, to } = useLocale();
  const { message } = App.useApp();
  const date = useTenantDate();
  const orders = useRecharges(tenantId);
  const cancel = useCancelRecharge(tenantId);
  const receiptPdf = useDownloadReceiptPdf(tenantId, locale);

  async function onReceiptPdf(id: string) {
    try {
      await receiptPdf.mutateAsync(id);
    } catch (error) {
      showApiError(error, t, message);
    }
  }

  async function onCancel(id: string) {
    try {
      await cancel.mutateAsync(id);
      void message.success(t("recharge:orders.cancelled"));
    } catch (error) {
      showApiError(error, t, message);
    }
  }

  return (
    <Card
      title={t("recharge:orders.title")}
      data-testid="recharge-orders"
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => void orders.refetch()}
          loading={orders.isFetching}
          aria-label={t("recharge:orders.refresh")}
        />
      }
    >
      {orders.isError ? (
        <Alert type="error" showIcon title={errorText(orders.error, t)} />
      ) : (
        <ResponsiveTable<RechargeOrder>
          rowKey="id"
          size="middle"
          loading={orders.isPending}
          dataSource={orders.data ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: true }}
          locale={{ emptyText: t("recharge:orders.empty") }}
          columns={[
            { key: "created", title: t("recharge:orders.created"), render: (_, o) => date(o.createdAt) },
            {
              key: "method",
              title: t("recharge:orders.method"),
              // An automatic top-up is a card payment like any other, named so (docs/operations.md, "Automatic top-up").
              render: (_, o) =>
                o.automatic ? t("recharge:auto.orderMethod") : t(METHOD_LABEL_KEYS[o.method]),
            },
            {
              key: "amount",
              title: t("recharge:orders.amount"),
              align: "right",
              render: (_, o) => {
                const received = receivedIfDifferent(o);
                const ordered = formatMoney(o.amountMicros, o.currency, locale);
                if (received === null) return ordered;
                return (
                  <Space orientation="vertical" size={0} align="end">
                    {ordered}
                    <Typography.Text type="secondary" data-testid="recharge-received">
                      {t("recharge:orders.received", { amount: formatMoney(received, o.currency, locale) })}
                    </Typography.Text>
                  </Space>
                );
              },
            },
            {
              key: "reference",
              title: t("recharge:orders.reference"),
              render: (_, o) => <Typography.Text code>{o.reference}</Typography.Text>,
            },
            {
              key: "status",
              title: t("recharge:orders.status"),
              render: (_, o) => <RechargeStatusTag status={o.status} />,
            },
            {
              key: "actions",
              title: t("recharge:orders.actions"),
              render: (_, o) => (
                <Space>
                  {o.status === "paid" && (
                    <Link to={to(`/dashboard/account/receipt/${o.id}`)} data-testid="recharge-receipt-link">
                      {t("recharge:orders.receipt")}
                    </Link>
                  )}
                  {o.status === "paid" && (
                    <Button
                      size="small"
                      icon={<DownloadOutlined />}
                      data-testid="recharge-receipt-pdf"
                      loading={receiptPdf.isPending && receiptPdf.variables === o.id}
                      onClick={() => void onReceiptPdf(o.id)}
                      aria-label={t("recharge:orders.receiptPdfOf", { reference: o.reference })}
                    >
                      {t("recharge:orders.receiptPdf")}
                    </Button>
                  )}
                  {o.status === "pending" && (
                    <Can permissions={["recharge:create"]}>
                      <Popconfirm title={t("recharge:orders.cancelConfirm")} onConfirm={() => onCancel(o.id)}>
                        <Button size="small" danger>
                          {t("recharge:orders.cancel")}
                        </Button>
                      </Popconfirm>
                    </Can>
                  )}
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
