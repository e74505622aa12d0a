import type { WebhookDeliveryStatus, WebhookEndpointView } from "@nc/contracts/webhooks";
import { Flex, Tag, Tooltip, Typography, theme } from "antd";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useTenantDate } from "../../../shell/tenant/use-tenant-date";
import { useWebhookLabels } from "../use-webhook-labels";

const STATUS_COLOURS: Record<WebhookDeliveryStatus, string> = {
  pending: "processing",
  succeeded: "success",
  failed: "error",
};

/** `retrying`: a failed attempt awaiting its retry (shown as failed; data-status "retrying"). */
export function DeliveryStatusTag({
  status,
  retrying = false,
}: {
  status: WebhookDeliveryStatus;
  retrying?: boolean;
}) {
  const labels = useWebhookLabels();
  return (
    <Tag
      color={STATUS_COLOURS[status]}
      style={{ marginInlineEnd: 0 }}
      data-testid="webhook-delivery-status"
      data-status={retrying ? "retrying" : status}
    >
      {labels.status(status)}
    </Tag>
  );
}

export function EventTags({ events, style }: { events: readonly string[]; style?: CSSProperties }) {
  const labels = useWebhookLabels();
  return (
    <Flex gap={4} wrap style={style}>
      {events.map((type) => (
        <Tag key={type} style={{ marginInlineEnd: 0 }}>
          {labels.event(type)}
        </Tag>
      ))}
    </Flex>
  );
}

/**
 * Enabled or disabled; and the events its creator no longer holds the rights for, which are not
 * sent until they do (docs/security.md, "Roles and rights inside an organisation").
 */
export function EnabledTag({
  endpoint,
}: {
  endpoint: Pick<WebhookEndpointView, "enabled" | "pausedEvents">;
}) {
  const { t } = useTranslation();
  const labels = useWebhookLabels();
  const { enabled, pausedEvents } = endpoint;
  return (
    <Flex gap={4} wrap>
      <Tag color={enabled ? "green" : "default"} style={{ marginInlineEnd: 0 }} data-testid="webhook-state">
        {enabled ? t("webhooks:state.enabled") : t("webhooks:state.disabled")}
      </Tag>
      {enabled && pausedEvents.length > 0 && (
        <Tooltip title={t("webhooks:state.pausedHelp")}>
          <Tag color="warning" style={{ marginInlineEnd: 0 }} data-testid="webhook-paused">
            {t("webhooks:state.paused", { events: pausedEvents.map(labels.event).join(", ") })}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

/** The endpoint's address in the code font, broken anywhere so a long one never widens the page. */
export function EndpointUrl({ url, style }: { url: string; style?: CSSProperties }) {
  const { token } = theme.useToken();
  return (
    <Typography.Text style={{ fontFamily: token.fontFamilyCode, overflowWrap: "anywhere", ...style }}>
      {url}
    </Typography.Text>
  );
}

/** The newest delivery: its state, its answer's code and when. */
export function LastDelivery({ endpoint }: { endpoint: WebhookEndpointView }) {
  const { t } = useTranslation();
  const date = useTenantDate();
  const last = endpoint.lastDelivery;
  if (!last) return <Typography.Text type="secondary">{t("webhooks:lastDelivery.none")}</Typography.Text>;
  return (
    <Flex gap={6} align="center" wrap data-testid="webhook-last-delivery">
      <DeliveryStatusTag status={last.status} />
      {last.responseStatus !== null && <Typography.Text code>{last.responseStatus}</Typography.Text>}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {date(last.at)}
      </Typography.Text>
    </Flex>
  );
}
