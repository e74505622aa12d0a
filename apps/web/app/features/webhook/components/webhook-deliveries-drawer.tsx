import { ReloadOutlined } from "@ant-design/icons";
import { ROUTE_PERMISSIONS } from "@nc/contracts/routes";
import type { WebhookDeliveryView, WebhookEndpointView } from "@nc/contracts/webhooks";
import {
  Alert,
  App,
  Button,
  Card,
  Collapse,
  Drawer,
  Empty,
  Flex,
  Spin,
  Table,
  Typography,
  theme,
} from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNarrow } from "../../../shell/device/use-narrow";
import { errorText, showApiError } from "../../../shell/forms/api-error-feedback";
import { useLocale } from "../../../shell/i18n/use-locale";
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

/** A pending delivery whose latest attempt failed: it waits for its retry. */
export const awaitingRetry = (d: WebhookDeliveryView) =>
  d.status === "pending" && d.attempts > 0 && d.lastError !== null;

/** How the next attempt's time is written: the reader's own zone, named. */
export const READER_TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
};

/** An instant in the reader's own language and time zone, the zone named. */
function useReaderTime(): (iso: string) => string {
  const { locale } = useLocale();
  // (dateStyle and timeStyle do not go with timeZoneName: the fields one by one.)
  const format = new Intl.DateTimeFormat(locale, READER_TIME);
  return (iso) => format.format(new Date(iso));
}

/**
 * The delivery's state: a failed attempt awaiting its retry reads as failed, with when the next
 * attempt is due (not as pending); pending is only what has not been tried yet.
 */
function DeliveryState({ delivery }: { delivery: WebhookDeliveryView }) {
  const { t } = useTranslation();
  const readerTime = useReaderTime();
  const retrying = awaitingRetry(delivery);
  return (
    <Flex vertical gap={2} align="flex-start" style={{ maxWidth: 170 }}>
      <DeliveryStatusTag status={retrying ? "failed" : delivery.status} retrying={retrying} />
      {delivery.nextAttemptAt && (
        <Typography.Text type="secondary" style={small} data-testid="webhook-next-attempt">
          {t("webhooks:deliveries.nextAttempt", { time: readerTime(delivery.nextAttemptAt) })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The body sent, pretty-printed when it is JSON (it always is; as sent otherwise). */
function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** What was sent (body, headers) and what came back (status, the first kilobyte). */
export function DeliveryDetails({ delivery }: { delivery: WebhookDeliveryView }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const block = {
    fontFamily: token.fontFamilyCode,
    fontSize: 12,
    margin: 0,
    padding: 8,
    maxHeight: 320,
    overflow: "auto",
    whiteSpace: "pre-wrap",
    overflowWrap: "anywhere",
    background: token.colorFillQuaternary,
    borderRadius: token.borderRadius,
  } as const;
  const body = pretty(delivery.requestBody);
  const headers = delivery.requestHeaders
    ? Object.entries(delivery.requestHeaders)
        .map(([name, value]) => `${name}: ${value}`)
        .join("\n")
    : null;
  return (
    <Flex vertical gap={8} data-testid="webhook-delivery-details" style={{ minWidth: 0 }}>
      <Flex align="center" gap={8}>
        <Typography.Text strong style={small}>
          {t("webhooks:deliveries.details.requestBody")}
        </Typography.Text>
        <Typography.Text
          copyable={{
            text: body,
            tooltips: [t("webhooks:deliveries.details.copyBody"), t("webhooks:deliveries.details.copied")],
          }}
          data-testid="webhook-request-body-copy"
        />
      </Flex>
      <pre style={block} data-testid="webhook-request-body">
        {body}
      </pre>
      <Typography.Text strong style={small}>
        {t("webhooks:deliveries.details.requestHeaders")}
      </Typography.Text>
      {headers === null ? (
        <Typography.Text type="secondary" style={small}>
          {t("webhooks:deliveries.details.notSent")}
        </Typography.Text>
      ) : (
        <pre style={block} data-testid="webhook-request-headers">
          {headers}
        </pre>
      )}
      <Typography.Text strong style={small}>
        {t("webhooks:deliveries.details.response")}{" "}
        {delivery.responseStatus !== null && (
          <Typography.Text code>{delivery.responseStatus}</Typography.Text>
        )}
      </Typography.Text>
      {delivery.responseStatus === null ? (
        <Typography.Text type="secondary" style={small}>
          {t("webhooks:deliveries.details.noResponse")}
        </Typography.Text>
      ) : (
        <>
          <Typography.Text type="secondary" style={small}>
            {t("webhooks:deliveries.details.responseBody")}
          </Typography.Text>
          <pre style={block} data-testid="webhook-response-body">
            {delivery.responseBody || t("webhooks:deliveries.details.emptyBody")}
          </pre>
        </>
      )}
      <Typography.Text type="secondary" style={small}>
        {t("webhooks:deliveries.details.kept")}
      </Typography.Text>
    </Flex>
  );
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
            </Flex>
            <DeliveryState delivery={d} />
            {eventId(d)}
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
            <Collapse
              size="small"
              ghost
              items={[
                {
                  key: "details",
                  label: t("webhooks:deliveries.details.show"),
                  children: <DeliveryDetails delivery={d} />,
                },
              ]}
            />
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
        expandable={{
          expandedRowRender: (d) => <DeliveryDetails delivery={d} />,
          columnTitle: null,
        }}
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
            render: (_, d) => <DeliveryState delivery={d} />,
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
