import { ReloadOutlined } from "@ant-design/icons";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { WebhookDeliveryView, WebhookEndpointView } from "@nc/contracts/webhooks";
import { Alert, App, Button, Card, Drawer, Empty, Flex, Spin, Table, Typography, theme } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { useTenantAccess } from "../../../shell/tenant/use-tenant-access";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { useResendWebhookDelivery } from "../api/resend-webhook-delivery";
import { useWebhookDeliveries } from "../api/webhook-deliveries";
import { useWebhookLabels } from "../use-webhook-labels";
import { DeliveryStatusTag, EndpointUrl } from "./webhook-tags";

const small = { fontSize: 12 } as const;

/** Resend: the same event (same id and body) queued once more as a new delivery. */
function ResendButton({ delivery }: { delivery: WebhookDeliveryView }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { tenant, can } = useTenantAccess();
  const resend = useResendWebhookDelivery(tenant?.tenant.id ?? "");
  if (!can(ROUTE_PERMISSIONS.webhooksEdit)) return null;
  const onClick = async () => {
    try {
      await resend.mutateAsync(delivery.id);
      void message.success(t("webhooks:deliveries.resent"));
    } catch (error) {
      showApiError(error, t, message);
    }
  };
  return (
    <Button
      size="small"
      loading={resend.isPending}
      onClick={() => void onClick()}
      data-testid="webhook-resend"
    >
      {t("webhooks:deliveries.resend")}
    </Button>
  );
}

/** While a delivery is pending: when the next attempt is due. */
function NextAttempt({ delivery }: { delivery: WebhookDeliveryView }) {
  const { t } = useTranslation();
  const date = useTenantDate();
  return delivery.nextAttemptAt ? (
    <Typography.Text type="secondary" style={small}>
      {t("webhooks:deliveries.nextAttempt", { time: date(delivery.nextAttemptAt) })}
    </Typography.Text>
  ) : null;
}

/** The log of one endpoint: what was sent, how the receiver answered, and resend. */
export function WebhookDeliveriesDrawer({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const { tenant } = useTenantAccess();
  const narrow = useNarrow();
  const date = useTenantDate();
  const labels = useWebhookLabels();
  const log = useWebhookDeliveries(tenant?.tenant.id ?? "", endpoint?.id ?? null);
  const rows = log.data?.pages.flatMap((page) => page.items) ?? [];
  const none = t("webhooks:deliveries.none");
  const code = { fontFamily: token.fontFamilyCode, ...small };

  const eventId = (d: WebhookDeliveryView) => (
    <Typography.Text
      type="secondary"
      style={{ ...code, wordBreak: "break-all" }}
      copyable={{
        text: d.eventId,
        tooltips: [t("webhooks:deliveries.eventId"), t("webhooks:secret.copied")],
      }}
      data-testid="webhook-event-id"
    >
      {d.eventId}
    </Typography.Text>
  );
  const lastError = (d: WebhookDeliveryView) => {
    const text = labels.error(d.lastError);
    return text ? (
      <Typography.Text type="danger" style={{ ...small, overflowWrap: "anywhere" }}>
        {text}
      </Typography.Text>
    ) : (
      none
    );
  };
  const response = (d: WebhookDeliveryView) =>
    d.responseStatus === null ? none : <Typography.Text code>{d.responseStatus}</Typography.Text>;

  let body: ReactNode;
  if (log.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={errorText(log.error, t)}
        action={<Button onClick={() => log.refetch()}>{t("webhooks:retry")}</Button>}
      />
    );
  else if (log.isPending) body = <Spin style={{ display: "block", margin: "24px auto" }} />;
  else if (rows.length === 0)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("webhooks:deliveries.empty")} />;
  else if (narrow)
    body = (
      <Flex vertical gap={8} data-testid="webhook-delivery-cards">
        {rows.map((d) => (
          <Card
            key={d.id}
            size="small"
            data-testid="webhook-delivery-row"
            styles={{ body: { display: "grid", gap: 6 } }}
          >
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text strong>{labels.event(d.eventType)}</Typography.Text>
              <DeliveryStatusTag status={d.status} />
            </Flex>
            {eventId(d)}
            <NextAttempt delivery={d} />
            <Typography.Text>
              {t("webhooks:labelled", { label: t("webhooks:deliveries.columns.attempts") })} {d.attempts} ·{" "}
              {t("webhooks:labelled", { label: t("webhooks:deliveries.columns.response") })} {response(d)}
            </Typography.Text>
            {d.lastError && lastError(d)}
            <Typography.Text type="secondary" style={small}>
              {date(d.createdAt)}
              {d.lastAttemptAt
                ? ` · ${t("webhooks:deliveries.columns.lastAttempt")} ${date(d.lastAttemptAt)}`
                : ""}
            </Typography.Text>
            <div>
              <ResendButton delivery={d} />
            </div>
          </Card>
        ))}
      </Flex>
    );
  else
    body = (
      <Table<WebhookDeliveryView>
        rowKey="id"
        size="small"
        dataSource={rows}
        pagination={false}
        scroll={{ x: "max-content" }}
        data-testid="webhook-deliveries-table"
        onRow={(d) => ({ "data-testid": "webhook-delivery-row", className: `webhook-delivery-${d.status}` })}
        columns={[
          {
            key: "event",
            title: t("webhooks:deliveries.columns.event"),
            render: (_, d) => (
              <Flex vertical gap={2} style={{ maxWidth: 210 }}>
                <Typography.Text strong>{labels.event(d.eventType)}</Typography.Text>
                {eventId(d)}
              </Flex>
            ),
          },
          {
            key: "status",
            title: t("webhooks:deliveries.columns.status"),
            render: (_, d) => (
              <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 150 }}>
                <DeliveryStatusTag status={d.status} />
                <NextAttempt delivery={d} />
              </Flex>
            ),
          },
          {
            key: "attempts",
            title: t("webhooks:deliveries.columns.attempts"),
            dataIndex: "attempts",
            align: "end",
          },
          {
            key: "response",
            title: t("webhooks:deliveries.columns.response"),
            render: (_, d) => response(d),
          },
          {
            key: "lastError",
            title: t("webhooks:deliveries.columns.lastError"),
            render: (_, d) => <div style={{ maxWidth: 200 }}>{lastError(d)}</div>,
          },
          {
            // Both times in one column, so that a row fits the drawer in every language.
            key: "times",
            title: `${t("webhooks:deliveries.columns.created")} / ${t("webhooks:deliveries.columns.lastAttempt")}`,
            render: (_, d) => (
              <Flex vertical style={{ whiteSpace: "nowrap" }}>
                <span>{date(d.createdAt)}</span>
                <Typography.Text type="secondary" style={small}>
                  {d.lastAttemptAt ? date(d.lastAttemptAt) : none}
                </Typography.Text>
              </Flex>
            ),
          },
          // Always in view, however far the table scrolls.
          { key: "resend", fixed: "end", render: (_, d) => <ResendButton delivery={d} /> },
        ]}
      />
    );

  return (
    <Drawer
      open={endpoint !== null}
      onClose={onClose}
      size={narrow ? "100%" : "min(1120px, 94vw)"}
      styles={narrow ? { body: { padding: 12 } } : undefined}
      title={t("webhooks:deliveries.title")}
      extra={
        <Button
          icon={<ReloadOutlined />}
          onClick={() => log.refetch()}
          loading={log.isRefetching}
          aria-label={t("webhooks:deliveries.refresh")}
          data-testid="webhook-deliveries-refresh"
        >
          {narrow ? null : t("webhooks:deliveries.refresh")}
        </Button>
      }
      destroyOnHidden
      data-testid="webhook-deliveries-drawer"
    >
      {endpoint && (
        <Flex vertical gap={12}>
          <EndpointUrl url={endpoint.url} />
          {body}
          {log.hasNextPage && (
            <Button
              onClick={() => log.fetchNextPage()}
              loading={log.isFetchingNextPage}
              style={{ alignSelf: "center" }}
            >
              {t("webhooks:deliveries.more")}
            </Button>
          )}
        </Flex>
      )}
    </Drawer>
  );
}
